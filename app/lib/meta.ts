import type { MetaDescriptor } from "react-router";

/** Title and description for a page: "{title} | PackVault". */
export function pageMeta(title: string, description: string): MetaDescriptor[] {
  return [
    { title: `${title} | PackVault` },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
  ];
}
