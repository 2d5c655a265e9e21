import { createElement, type ReactElement } from "react";
import { describe, expect, it } from "vitest";
import { Slot } from "./slot";

type Rendered = ReactElement<Record<string, unknown>>;

describe("Slot", () => {
  it("joins class names, lets the child's props win and runs both handlers, the child's first", () => {
    const calls: string[] = [];
    const child = createElement("a", {
      href: "/packs",
      title: "child",
      className: "wide",
      style: { color: "blue" },
      onClick: () => calls.push("child"),
    });
    const el = Slot({
      className: "btn",
      title: "slot",
      "aria-label": "Open",
      style: { color: "red", margin: 1 },
      onClick: () => calls.push("slot"),
      children: child,
    }) as Rendered;
    expect(el.type).toBe("a");
    expect(el.props).toMatchObject({
      href: "/packs",
      title: "child",
      className: "btn wide",
      "aria-label": "Open",
      style: { color: "blue", margin: 1 },
    });
    (el.props.onClick as () => void)();
    expect(calls).toEqual(["child", "slot"]);
  });

  it("gives the node to both refs", () => {
    const slotRef = { current: null as unknown };
    let childNode: unknown = null;
    const child = createElement("a", {
      href: "/",
      ref: (node: unknown) => void (childNode = node),
    });
    const el = Slot({ ref: slotRef, children: child }) as Rendered;
    (el.props.ref as (node: unknown) => void)("node");
    expect(slotRef.current).toBe("node");
    expect(childNode).toBe("node");
  });

  it("refuses text or more than one child", () => {
    expect(() => Slot({ children: "text" })).toThrow();
    const two = [createElement("a", { key: "1" }), createElement("a", { key: "2" })];
    expect(() => Slot({ children: two })).toThrow();
  });
});
