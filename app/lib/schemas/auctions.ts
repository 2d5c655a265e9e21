import { z } from "zod";
import { AUCTION_AMOUNT_CENTS, AUCTION_DAYS, STANDING_BID_DAYS } from "../auctions";
import { GRADERS } from "../slabs";
import { dollarsToCentsSchema, formId, type FormFields } from "./market";

const amount = (missing: string) => dollarsToCentsSchema(missing, AUCTION_AMOUNT_CENTS);

/** 'Start an auction' (docs/product/market.md "Auctions"): a vault card, prices, 1-14 days. */
export const startAuctionSchema = z
  .object({
    cardId: formId("Card"),
    startPrice: amount("Enter a start price"),
    reserve: z.preprocess(
      (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
      amount("Enter a reserve").optional(),
    ),
    days: z.coerce
      .number({ error: "Choose how many days the auction runs" })
      .int("Choose how many days the auction runs")
      .min(AUCTION_DAYS.min, `An auction runs ${AUCTION_DAYS.min} to ${AUCTION_DAYS.max} days`)
      .max(AUCTION_DAYS.max, `An auction runs ${AUCTION_DAYS.min} to ${AUCTION_DAYS.max} days`),
  })
  .transform(({ reserve, ...rest }) => ({ ...rest, reserve: reserve ?? null }))
  .refine((form) => form.reserve === null || form.reserve >= form.startPrice, {
    message: "The reserve cannot be below the start price",
    path: ["reserve"],
  });
export type StartAuctionInput = FormFields<typeof startAuctionSchema>;
export type NewAuction = z.output<typeof startAuctionSchema>;

/** 'Place bid': the bidder's maximum (proxy bidding). */
export const placeBidSchema = z.object({
  auctionId: formId("Auction"),
  maximum: amount("Enter your maximum bid"),
});
export type PlaceBidInput = FormFields<typeof placeBidSchema>;
export type NewBid = z.output<typeof placeBidSchema>;

/** 'Place a standing bid' on a card + grader + minimum grade (docs/product/market.md "Standing bids"). */
export const standingBidSchema = z.object({
  cardId: formId("Card"),
  grader: z.enum(GRADERS, { error: "Choose a grader" }),
  minGrade: z.coerce
    .number({ error: "Choose a minimum grade" })
    .min(1, "Choose a minimum grade from 1 to 10")
    .max(10, "Choose a minimum grade from 1 to 10")
    .refine((grade) => grade * 2 === Math.floor(grade * 2), "Grades go in half steps"),
  amount: amount("Enter your bid"),
  days: z.coerce
    .number({ error: "Choose when the bid expires" })
    .refine(
      (days): days is (typeof STANDING_BID_DAYS)[number] =>
        (STANDING_BID_DAYS as readonly number[]).includes(days),
      `A bid lasts ${STANDING_BID_DAYS.join(", ")} days`,
    ),
});
export type StandingBidInput = FormFields<typeof standingBidSchema>;
export type NewStandingBid = z.output<typeof standingBidSchema>;

/** 'Sell now for $X': fill one standing bid with one vault card at the amount the owner saw. */
export const fillStandingBidSchema = z.object({
  bidId: formId("Bid"),
  userCardId: formId("Card"),
  expectedAmountCents: z.coerce.number().int().min(1),
});
export type FillStandingBidInput = FormFields<typeof fillStandingBidSchema>;

/** 'Cancel bid' on one of the collector's open standing bids. */
export const cancelStandingBidSchema = z.object({ bidId: formId("Bid") });

/**
 * The development tool that fast-forwards one open auction so it ends in `endsInSeconds`
 * (0 to 14 days; docs/decisions/046-auction-fast-forward.md).
 */
export const fastForwardAuctionSchema = z.object({
  endsInSeconds: z.coerce
    .number({ error: "Seconds must be a whole number" })
    .int("Seconds must be a whole number")
    .min(0, "Seconds must be 0 or more")
    .max(14 * 86_400, "Seconds must be at most 14 days"),
});
