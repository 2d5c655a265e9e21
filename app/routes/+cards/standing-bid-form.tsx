import { getSelectProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { BidFormFrame } from "../+auctions/bid-form-frame";
import { Field } from "~/components/ui/field";
import { Select, TextField, withoutKey } from "~/components/ui/form-controls";
import { ValueOptions } from "~/components/ui/value-options";
import { STANDING_BID_DAYS } from "~/lib/auctions";
import { resultFor, type IntentReply } from "~/lib/intent-reply";
import { standingBidSchema } from "~/lib/schemas/auctions";
import { GRADERS } from "~/lib/slabs";

const INTENT = "place-standing-bid";
/** The minimum grades a bid may ask for: 10 down to 1 in half grades. */
const MIN_GRADES = Array.from({ length: 19 }, (_, i) => String(10 - i * 0.5));

/**
 * 'Place a standing bid' (docs/product/market.md "Standing bids"): the amount, the grader, the
 * minimum grade and the expiry, on Conform (decision 024's shape): checked in the browser with
 * the shared schema on submit and again as the collector types, each message beside its field;
 * posted to the card's bids page, whose seam checks the same schema. A refusal (the balance, a
 * break) shows under the form.
 */
export function StandingBidForm({
  cardId,
  reply,
}: {
  cardId: number;
  reply: IntentReply | undefined;
}) {
  const [form, fields] = useForm<
    z.input<typeof standingBidSchema>,
    z.output<typeof standingBidSchema>
  >({
    id: INTENT,
    lastResult: resultFor(reply, INTENT),
    constraint: getZodConstraint(standingBidSchema),
    defaultValue: { cardId: String(cardId), amount: "", grader: "PSA", minGrade: "10", days: "7" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: standingBidSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <BidFormFrame
      form={form}
      intent={INTENT}
      title="Place a standing bid"
      reply={reply}
      note={
        <p className="text-muted-foreground text-xs">
          The amount is held from your wallet until the bid ends.
        </p>
      }
    >
      <input type="hidden" name="cardId" value={cardId} />
      <TextField label="Your bid" field={fields.amount} dollars />
      <Field label="Grader" field={fields.grader}>
        <Select key={fields.grader.key} {...withoutKey(getSelectProps(fields.grader))}>
          {GRADERS.map((grader) => (
            <option key={grader}>{grader}</option>
          ))}
        </Select>
      </Field>
      <Field label="Minimum grade" field={fields.minGrade}>
        <Select key={fields.minGrade.key} {...withoutKey(getSelectProps(fields.minGrade))}>
          <ValueOptions values={MIN_GRADES} />
        </Select>
      </Field>
      <Field label="Expires after" field={fields.days}>
        <Select key={fields.days.key} {...withoutKey(getSelectProps(fields.days))}>
          {STANDING_BID_DAYS.map((n) => (
            <option key={n} value={n}>
              {n} {n === 1 ? "day" : "days"}
            </option>
          ))}
        </Select>
      </Field>
    </BidFormFrame>
  );
}
