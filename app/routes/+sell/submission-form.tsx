import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
} from "@conform-to/react";
import { Send } from "lucide-react";
import { Form } from "react-router";
import { useSubmittingHere } from "../+content/forms";
import { SUBMISSION_FIELDS, type SubmissionField } from "./intents";
import { useSchemaForm } from "~/components/account-ui/schema-form";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Select, withoutKey } from "~/components/ui/form-controls";
import { Input, Textarea } from "~/components/ui/input";
import { ValueOptions } from "~/components/ui/value-options";
import { SUBMISSION_CATEGORIES } from "~/lib/market";
import { submissionSchema } from "~/lib/schemas/market";

/**
 * 'Submit Your Collectibles' (docs/product/market.md "Selling to the shop"): item name,
 * description, category (the six submission categories), optional estimated value in USD and
 * additional notes, posted to /sell (`intent=submit`; a plain POST form, so it works before
 * JavaScript loads). Checked with the shared schema on submit, then as the user types; only the
 * first message is shown (docs/product/market.md), next to its field (in page order), which is marked
 * invalid and described by it; Conform focuses it. 'Submitting...' while posting, not pressable
 * twice.
 */
export function SubmissionForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useSchemaForm(submissionSchema, {
    id: "sell-submission",
    lastResult,
    validate: "onSubmit",
  });
  const submitting = useSubmittingHere();
  const first = SUBMISSION_FIELDS.find((name) => fields[name].errors?.length);

  /** The field as the page shows it: its error only when it is the first one. */
  const shown = (name: SubmissionField) => ({
    id: fields[name].id,
    errorId: fields[name].errorId,
    descriptionId: fields[name].descriptionId,
    errors: name === first ? fields[name].errors : undefined,
  });
  /** Only the field with the shown error is invalid and described by it. */
  const a11y = (name: SubmissionField) => ({
    "aria-invalid": name === first ? true : undefined,
    "aria-describedby": name === first ? fields[name].errorId : undefined,
  });

  return (
    <Form method="post" preventScrollReset {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="submit" />
      <Field label="Item Name" field={shown("itemName")}>
        <Input
          key={fields.itemName.key}
          {...withoutKey(getInputProps(fields.itemName, { type: "text" }))}
          {...a11y("itemName")}
          placeholder="e.g. 1999 Charizard Holo, 1st Edition"
          maxLength={100}
        />
      </Field>
      <Field label="Description" field={shown("itemDescription")}>
        <Textarea
          key={fields.itemDescription.key}
          {...withoutKey(getTextareaProps(fields.itemDescription))}
          {...a11y("itemDescription")}
          placeholder="Condition, grading, edition, any flaws..."
          rows={5}
          maxLength={1000}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Category" field={shown("category")}>
          <Select
            key={fields.category.key}
            {...withoutKey(getSelectProps(fields.category))}
            {...a11y("category")}
          >
            <ValueOptions values={SUBMISSION_CATEGORIES} placeholder="Select a category" />
          </Select>
        </Field>
        <Field label="Estimated Value (USD, optional)" field={shown("estimatedValue")}>
          <Input
            key={fields.estimatedValue.key}
            {...withoutKey(getInputProps(fields.estimatedValue, { type: "number" }))}
            {...a11y("estimatedValue")}
            inputMode="decimal"
            step="0.01"
            min="0.01"
            placeholder="0.00"
          />
        </Field>
      </div>
      <Field label="Additional Notes (optional)" field={shown("notes")}>
        <Textarea
          key={fields.notes.key}
          {...withoutKey(getTextareaProps(fields.notes))}
          {...a11y("notes")}
          placeholder="Anything else we should know: provenance, certificates, photos on request..."
          rows={3}
          maxLength={2000}
        />
      </Field>
      <Button type="submit" size="lg" disabled={submitting} className="w-full sm:w-auto">
        <Send className="size-4" aria-hidden="true" />
        {submitting ? "Submitting..." : "Submit for Review"}
      </Button>
    </Form>
  );
}
