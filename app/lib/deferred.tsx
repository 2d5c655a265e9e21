import { Suspense, lazy, type ComponentType } from "react";

/**
 * A component whose code stays out of the page's first-load JavaScript
 * (docs/decisions/036-deferred-page-parts.md): the server renders it in full and in place (a
 * cached page waits for it; entry.server.tsx never outlines a finished boundary); the browser
 * keeps that HTML and hydrates it when React reaches it and its chunk has arrived (React's
 * hydration of a Suspense boundary), so it shows at once and answers clicks a moment after the
 * rest of the page. On a client navigation it appears when its chunk has loaded. For parts of a
 * page that work as server HTML until they hydrate (a carousel, a row below the hero, a feed,
 * a GET form). `load` imports the module and returns the component.
 */
export function deferred<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  const Lazy = lazy(async () => ({ default: await load() }));
  return function Deferred(props: Props) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}
