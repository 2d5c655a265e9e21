import type { ReactNode } from "react";
import { ContentPage } from "./content-page";
import { Prose } from "./prose";

/** One numbered section of a policy; `id` is its anchor in the table of contents. */
export type PolicySection = { id: string; title: string; body: ReactNode };

/**
 * The layout every policy shares: h1, 'Last updated' line, an introduction, a table of
 * contents and numbered sections of prose.
 */
export function PolicyPage({
  title,
  lastUpdated,
  intro,
  sections,
}: {
  title: string;
  lastUpdated: string;
  intro: ReactNode;
  sections: readonly PolicySection[];
}) {
  return (
    <ContentPage
      title={title}
      width="prose"
      header={<p className="text-muted-foreground text-sm">Last updated: {lastUpdated}</p>}
    >
      <Prose>{intro}</Prose>
      <nav aria-label="On this page" className="bg-surface my-8 rounded-xl border p-5">
        <h2 className="mb-3 text-sm font-semibold">On this page</h2>
        <ol className="text-muted-foreground list-decimal space-y-1.5 pl-5 text-sm">
          {sections.map((s) => (
            <li key={s.id}>
              <a
                href={`#${s.id}`}
                className="hover:text-foreground underline-offset-2 hover:underline"
              >
                {s.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="space-y-10">
        {sections.map((s, i) => (
          <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} className="scroll-mt-20">
            <h2 id={`${s.id}-title`} className="mb-3 text-xl font-semibold">
              {i + 1}. {s.title}
            </h2>
            <Prose>{s.body}</Prose>
          </section>
        ))}
      </div>
    </ContentPage>
  );
}
