import { z } from "zod";
import { formId, submissionSchema } from "~/lib/schemas/market";

/** 'Submit Your Collectibles' posted to /sell (fields and messages: docs/product/market.md "Selling to the shop"). */
export const submitIntentSchema = submissionSchema.extend({ intent: z.literal("submit") });

/** Accept or Reject the shop's offer on one of the user's submissions (docs/product/market.md "Selling to the shop"). */
export const answerOfferIntentSchema = z.object({
  intent: z.literal("answer-offer"),
  submissionId: formId("Submission"),
  answer: z.enum(["accept", "reject"], { error: "Choose Accept or Reject" }),
});

/**
 * The form's fields in the order the page shows them (docs/product/market.md): the first of them
 * with an error is the one message shown (docs/product/market.md: only the first validation message).
 */
export const SUBMISSION_FIELDS = [
  "itemName",
  "itemDescription",
  "category",
  "estimatedValue",
  "notes",
] as const;
export type SubmissionField = (typeof SUBMISSION_FIELDS)[number];
