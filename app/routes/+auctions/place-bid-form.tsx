import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import type { z } from "zod";
import { Button } from "~/components/ui/button";
import { FormError, TextField } from "~/components/ui/form-controls";
import { refusalMessage, resultFor, type IntentReply } from "~/lib/intent-reply";
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
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const [form, fields] = useForm<z.input<typeof placeBidSchema>, z.output<typeof placeBidSchema>>({
    id: INTENT,
    lastResult: resultFor(reply, INTENT),
    constraint: getZodConstraint(placeBidSchema),
    defaultValue: { auctionId: String(auctionId), maximum: centsToDollars(minimumNextBidCents) },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: placeBidSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const refused =
    reply?.intent === INTENT && !reply.placed && Object.keys(reply.fieldErrors).length === 0
      ? refusalMessage(reply)
      : null;
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="space-y-3 rounded-md border p-4"
      aria-labelledby="bid-title"
    >
      <h2 id="bid-title" className="font-semibold">
        Place a bid
      </h2>
      <input type="hidden" name="intent" value={INTENT} />
      <input type="hidden" name="auctionId" value={auctionId} />
      <TextField
        label="Your maximum"
        field={fields.maximum}
        dollars
        description={`Minimum next bid: ${formatCents(minimumNextBidCents)}. We bid for you up to your maximum; it is held from your wallet while you lead.`}
      />
      <FormError id={form.errorId} errors={refused ? [refused] : form.errors} />
      <Button type="submit" className="w-full" disabled={submitting}>
        {submitting ? "Placing bid…" : "Place bid"}
      </Button>
    </Form>
  );
}
