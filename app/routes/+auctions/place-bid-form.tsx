import { useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { BidFormFrame } from "./bid-form-frame";
import { TextField } from "~/components/ui/form-controls";
import { resultFor, type IntentReply } from "~/lib/intent-reply";
import { centsToDollars, formatCents, type Cents } from "~/lib/money";
import { placeBidSchema } from "~/lib/schemas/auctions";

const INTENT = "place-bid";

/**
 * 'Place a bid' on an auction (docs/product/market.md "Auctions"): the bidder's maximum (proxy
 * bidding), filled in with the minimum next bid, on Conform (decision 024's shape): checked in
 * the browser with the shared schema, the message beside the field; the seam checks the same
 * schema and the domain the rest (too low, ended, the balance, a break), whose message shows
 * under the form.
 */
export function PlaceBidForm({
  auctionId,
  minimumNextBidCents,
  reply,
}: {
  auctionId: number;
  minimumNextBidCents: Cents;
  reply: (IntentReply & { placed?: boolean }) | undefined;
}) {
  const [form, fields] = useForm<z.input<typeof placeBidSchema>, z.output<typeof placeBidSchema>>({
    id: INTENT,
    lastResult: resultFor(reply, INTENT),
    constraint: getZodConstraint(placeBidSchema),
    defaultValue: { auctionId: String(auctionId), maximum: centsToDollars(minimumNextBidCents) },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: placeBidSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <BidFormFrame form={form} intent={INTENT} title="Place a bid" reply={reply}>
      <input type="hidden" name="auctionId" value={auctionId} />
      <TextField
        label="Your maximum"
        field={fields.maximum}
        dollars
        description={`Minimum next bid: ${formatCents(minimumNextBidCents)}. We bid for you up to your maximum; it is held from your wallet while you lead.`}
      />
    </BidFormFrame>
  );
}
