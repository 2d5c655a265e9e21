import { Link } from "react-router";
import type { Route } from "./+types/terms-of-service";
import { policyRoute } from "./+content/policy-route";
import { POLICY } from "./+content/store-policy";
import type { PolicySection } from "~/components/content/policy-page";
import { STORE, STORE_ADDRESS } from "~/lib/store";
import { staticPageHandle } from "~/lib/page-cache";
import { POINTS_PER_DOLLAR_LABEL } from "~/lib/rates";

/** Visitors get this page from the page cache. */
export const handle = staticPageHandle;

const SECTIONS: readonly PolicySection[] = [
  {
    id: "accounts",
    title: "Your account",
    body: (
      <p>
        You need an account to buy, open packs, keep a vault or use the marketplace. Give us
        accurate details, keep your password to yourself and tell us at once if someone else uses
        your account. You must be 18 or older to buy mystery packs or trade on the marketplace. We
        may suspend an account used for fraud or to break these terms.
      </p>
    ),
  },
  {
    id: "orders",
    title: "Orders, prices and payment",
    body: (
      <ul>
        <li>Prices are in US dollars. Your order is placed when you check out.</li>
        <li>We accept {POLICY.paymentMethods}.</li>
        <li>
          If an item was listed at an obviously wrong price or turns out to be unavailable, we may
          cancel the order and refund you in full.
        </li>
        <li>
          You earn reward points: {POINTS_PER_DOLLAR_LABEL} of an order. Points have no cash value
          and cannot be transferred.
        </li>
      </ul>
    ),
  },
  {
    id: "shipping-returns",
    title: "Shipping and returns",
    body: (
      <p>
        Orders are processed in {POLICY.processingTime} and shipped as described on{" "}
        <Link to="/shipping">Shipping Information</Link>. You can return items within{" "}
        {POLICY.returnWindowDays} days of delivery in original condition, as described on{" "}
        <Link to="/returns">Returns and Refunds</Link>.
      </p>
    ),
  },
  {
    id: "packs",
    title: "Mystery packs",
    body: (
      <ul>
        <li>
          Each pack yields exactly one graded card, drawn at random according to the rarity odds
          shown on the pack.
        </li>
        <li>
          Draws are provably fair: before you open a pack we show a fingerprint of the secret used
          for the draw, so you can check any opening afterwards.
        </li>
        <li>An opened pack is final and cannot be returned. The card goes into your vault.</li>
      </ul>
    ),
  },
  {
    id: "vault",
    title: "Your vault and redemption",
    body: (
      <p>
        Cards in your vault belong to you; we store and insure them for you. You can redeem a
        vaulted card at any time to have the physical card shipped to you in the US; it ships within{" "}
        {POLICY.redemptionShipping}. A redeemed card leaves your vault and can no longer be listed,
        traded or bought back.
      </p>
    ),
  },
  {
    id: "buyback",
    title: "Buyback",
    body: (
      <p>
        Every card you pull comes with an instant buyback offer of {POLICY.buybackPercent}% of its
        estimated value, valid for {POLICY.buybackHours} hours. Accepting it sells the card to us
        and credits the amount to your balance. An accepted buyback is final, and an expired offer
        cannot be accepted.
      </p>
    ),
  },
  {
    id: "marketplace",
    title: "Marketplace",
    body: (
      <ul>
        <li>
          You can list vaulted cards for sale, buy listed cards, and make or accept offers and
          trades with other collectors.
        </li>
        <li>
          A {POLICY.platformFeePercent}% platform fee applies to every completed transaction and is
          deducted from the seller&apos;s proceeds.
        </li>
        <li>A listed card stays in our vault until it sells or you cancel the listing.</li>
        <li>Describe what you list honestly. Sellers set their own prices.</li>
      </ul>
    ),
  },
  {
    id: "selling",
    title: "Selling to PackVault",
    body: (
      <p>
        When you <Link to="/sell">submit your collectibles</Link>, we review the submission within
        2-3 business days and, if we make an offer you accept, send a prepaid shipping label. We pay
        within 5 business days after the item is authenticated.
      </p>
    ),
  },
  {
    id: "acceptable-use",
    title: "Acceptable use",
    body: (
      <p>
        Do not use PackVault to defraud anyone, to launder money, to run bots or automated buying,
        to open several accounts to abuse offers, or to attack or overload the service.
      </p>
    ),
  },
  {
    id: "liability",
    title: "Estimates and liability",
    body: (
      <p>
        Estimated card values are our best estimate, not a promise of what a card will sell for. The
        service is provided as is; to the extent the law allows, our liability for any claim is
        limited to the amount you paid for the order, pack or card concerned.
      </p>
    ),
  },
  {
    id: "changes-and-contact",
    title: "Changes and contact",
    body: (
      <p>
        We may update these terms; the date above shows the latest version, and continuing to use
        PackVault means you accept it. Questions? Write to {STORE.supportEmail} or visit us at{" "}
        {STORE_ADDRESS}.
      </p>
    ),
  },
];

const page = policyRoute({
  title: "Terms of Service",
  description:
    "The terms for shopping at PackVault: accounts, orders, mystery packs, the vault, buyback, redemption and the marketplace.",
  intro: (
    <p>
      These terms apply when you use {STORE.name}: the shop, mystery packs, your vault, the
      marketplace and selling to us. By creating an account or placing an order you agree to them.
    </p>
  ),
  sections: SECTIONS,
});

export const meta: Route.MetaFunction = page.meta;

export default page.Page;
