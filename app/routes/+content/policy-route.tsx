import type { ReactNode } from "react";
import { POLICY } from "./store-policy";
import { PolicyPage, type PolicySection } from "~/components/content/policy-page";
import { pageMeta } from "~/lib/meta";

/**
 * What a store policy route (/privacy-policy, /terms-of-service, /cookie-policy) exports: its
 * `meta` (the page title and the description for search engines) and its page, a
 * {@link PolicyPage} dated with the policies' last update (POLICY.lastUpdated).
 */
export function policyRoute({
  title,
  description,
  intro,
  sections,
}: {
  title: string;
  description: string;
  intro: ReactNode;
  sections: readonly PolicySection[];
}) {
  return {
    meta: () => pageMeta(title, description),
    Page: function Policy() {
      return (
        <PolicyPage
          title={title}
          lastUpdated={POLICY.lastUpdated}
          intro={intro}
          sections={sections}
        />
      );
    },
  };
}
