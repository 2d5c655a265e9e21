import { Children, cloneElement, type ReactElement, type ReactNode, type Ref } from "react";
import { cn } from "~/lib/cn";

type Props = Record<string, unknown> & { children?: ReactNode };

const setRef = (ref: unknown, node: unknown) => {
  if (typeof ref === "function") ref(node);
  else if (ref && typeof ref === "object") (ref as { current: unknown }).current = node;
};

/**
 * Renders its only child with these props merged in, by Radix Slot's rules but without its
 * weight on every page's first load (docs/decisions/023-page-weight.md): the child's own props
 * win, except that class names are joined, styles merged (the child's win), both event
 * handlers run (the child's first) and both refs get the node.
 * @throws Error from React's `Children.only` unless the child is exactly one element.
 */
export function Slot({ children, ...slotProps }: Props) {
  const child = Children.only(children) as ReactElement<Record<string, unknown>>;
  const own = child.props;
  const merged: Record<string, unknown> = { ...slotProps, ...own };
  for (const [key, value] of Object.entries(slotProps)) {
    const mine = own[key];
    if (key === "className") merged.className = cn(value as string, mine as string);
    else if (mine === undefined || value === undefined) continue;
    else if (key === "style") merged.style = { ...(value as object), ...(mine as object) };
    else if (key === "ref")
      merged.ref = ((node: unknown) => (setRef(value, node), setRef(mine, node))) as Ref<unknown>;
    else if (/^on[A-Z]/.test(key) && typeof value === "function" && typeof mine === "function") {
      merged[key] = (...args: unknown[]) => {
        const result: unknown = mine(...args);
        value(...args);
        return result;
      };
    }
  }
  return cloneElement(child, merged);
}
