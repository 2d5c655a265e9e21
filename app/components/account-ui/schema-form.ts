import { useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { z, ZodType } from "zod";

/** When a form's fields are first checked: on blur (most forms) or only on submit. */
export type FirstCheck = "onBlur" | "onSubmit";

/**
 * Conform for one form validated in the browser with its shared zod schema (the server checks
 * the same schema again): first on blur, or on submit with `validate: "onSubmit"`, then on
 * every input. `id` names the form (omit it for a generated one); `lastResult` is the
 * action's answer for this form; `defaultValue` fills the fields.
 */
export function useSchemaForm<
  Schema extends ZodType<Record<string, unknown>, Record<string, unknown>>,
>(
  schema: Schema,
  {
    id,
    lastResult,
    defaultValue,
    validate = "onBlur",
  }: {
    id?: string;
    lastResult: SubmissionResult<string[]> | null | undefined;
    defaultValue?: DefaultValue<z.input<Schema>>;
    validate?: FirstCheck;
  },
) {
  return useForm<z.input<Schema>, z.output<Schema>, string[]>({
    id,
    lastResult,
    constraint: getZodConstraint(schema),
    defaultValue,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: validate,
    shouldRevalidate: "onInput",
  });
}
