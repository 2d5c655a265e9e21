import { ArrowLeft, FileCheck, FileUp } from "lucide-react";
import { useRef, type ChangeEvent, type ReactNode } from "react";
import { Form, Link } from "react-router";
import { useSubmittingHere } from "../+content/forms";
import { Button } from "~/components/ui/button";
import { FormError } from "~/components/ui/form-controls";
import { Textarea } from "~/components/ui/input";
import { PageHeader } from "~/components/ui/page-header";

// The parts the Inventory tab's two file imports share (/admin/inventory/import for slabs,
// /admin/inventory/comps for outside sales): the page around them, the file's columns
// explained, the file chooser with its paste box, and the form that applies a clean dry run.

/** The page of an import: the way back to the inventory, its title and what it does. */
export function ImportPage({
  title,
  lead,
  children,
}: {
  title: string;
  lead: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-5xl space-y-8 px-4 py-10 sm:py-12">
      <Link
        to="/admin?tab=inventory"
        className="text-muted-foreground hover:text-foreground inline-flex items-center gap-1 text-sm"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to the inventory
      </Link>
      <PageHeader title={title} lead={lead} />
      {children}
    </div>
  );
}

/** "The file" section: what the file looks like (`intro`), each column with its help, examples. */
export function ImportColumns<Column extends string>({
  intro,
  help,
  examples,
}: {
  intro: ReactNode;
  help: Record<Column, string>;
  examples: string[];
}) {
  return (
    <section aria-labelledby="import-columns" className="space-y-2 text-sm">
      <h2 id="import-columns" className="text-lg font-semibold">
        The file
      </h2>
      <p>{intro}</p>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
        {(Object.entries(help) as [Column, string][]).map(([column, text]) => (
          <div key={column} className="contents">
            <dt className="font-mono">{column}</dt>
            <dd className="text-muted-foreground">{text}</dd>
          </div>
        ))}
      </dl>
      <p>{examples.length === 1 ? "Example:" : "Examples:"}</p>
      {examples.map((example) => (
        <pre
          key={example}
          className="bg-surface-2 overflow-x-auto rounded-md border p-3 font-mono text-xs"
        >
          {example}
        </pre>
      ))}
    </section>
  );
}

/**
 * The dry-run form's file fields: a file chooser that fills the paste box, the paste box
 * (`name`, kept after an answer), the field's errors or the import's refusal, and "Dry run".
 * `children` come first in the form (hidden intent, other fields).
 */
export function ImportFileForm({
  label,
  name,
  accept,
  chooseLabel,
  value,
  placeholder,
  errors,
  refusal,
  children,
}: {
  label: string;
  name: string;
  accept: string;
  chooseLabel: string;
  value: string;
  placeholder: string;
  errors: string[] | undefined;
  refusal: string | null | undefined;
  children: ReactNode;
}) {
  const text = useRef<HTMLTextAreaElement>(null);
  const submitting = useSubmittingHere();
  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file && text.current) text.current.value = await file.text();
  };
  return (
    <Form method="post" className="space-y-3" aria-label={label}>
      {children}
      <div className="space-y-1.5">
        <label htmlFor="import-file" className="block text-sm font-medium">
          {chooseLabel}
        </label>
        <input
          id="import-file"
          type="file"
          accept={accept}
          onChange={(event) => void readFile(event)}
          className="block text-sm"
        />
      </div>
      <div className="space-y-1.5">
        <label htmlFor="import-text" className="block text-sm font-medium">
          Or paste it
        </label>
        <Textarea
          ref={text}
          id="import-text"
          name={name}
          rows={10}
          required
          defaultValue={value}
          key={value}
          spellCheck={false}
          className="font-mono text-xs"
          aria-invalid={errors ? true : undefined}
          aria-describedby={errors || refusal ? "import-error" : undefined}
          placeholder={placeholder}
        />
        <FormError id="import-error" errors={errors ?? (refusal ? [refusal] : undefined)} />
      </div>
      <Button type="submit" name="mode" value="dry-run" disabled={submitting}>
        <FileCheck className="size-4" aria-hidden="true" />
        {submitting ? "Checking..." : "Dry run"}
      </Button>
    </Form>
  );
}

/** "Import N things": applies what a clean dry run checked (`fields`: the dry run's inputs). */
export function ApplyImportForm({
  fields,
  count,
  noun,
}: {
  fields: Record<string, string>;
  count: number;
  noun: { one: string; many: string };
}) {
  const submitting = useSubmittingHere();
  return (
    <Form method="post" aria-label="Apply the import">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" name="mode" value="apply" disabled={submitting}>
        <FileUp className="size-4" aria-hidden="true" />
        {submitting ? "Importing..." : `Import ${count} ${count === 1 ? noun.one : noun.many}`}
      </Button>
    </Form>
  );
}
