import { ArrowLeftRight, BadgeCheck, ClipboardList, RotateCcw, Wallet } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/returns";
import { POLICY } from "./+content/store-policy";
import { ContentPage } from "~/components/content/content-page";
import { InfoCard } from "~/components/content/info-card";
import { pageMeta } from "~/lib/meta";
import { STORE } from "~/lib/store";
import { staticPageHandle } from "~/lib/page-cache";

/** Visitors get this page from the page cache. */
export const handle = staticPageHandle;

const STEPS = [
  {
    title: "Contact us",
    text: `Email ${STORE.supportEmail} or use the contact form with your order number and the items you want to return.`,
  },
  {
    title: "Get your return authorization",
    text: "We reply within 1-2 business days with a return number and, for US orders, a prepaid shipping label.",
  },
  {
    title: "Pack the item",
    text: "Pack it as it arrived: original sleeve, top-loader, slab or packaging, in a padded box.",
  },
  {
    title: "Ship it back",
    text: "Write the return number on the box and drop it off with the carrier. Keep the tracking number.",
  },
  {
    title: "Inspection and refund",
    text: "We inspect the item when it arrives and issue your refund, or send your exchange.",
  },
] as const;

export const meta: Route.MetaFunction = () =>
  pageMeta(
    "Returns and Refunds",
    `Return PackVault items within ${POLICY.returnWindowDays} days of delivery: conditions, the five-step return process, refunds and exchanges.`,
  );

export default function Returns() {
  return (
    <ContentPage
      title="Returns and Refunds"
      lead="Not what you hoped for? Send it back and we will make it right."
    >
      <div className="grid gap-4 md:grid-cols-2">
        <InfoCard icon={RotateCcw} title="Return Policy">
          <p>
            We accept returns within <strong>{POLICY.returnWindowDays} days of delivery</strong> for
            items in their original condition. Start a return by contacting us; we will guide you
            through the rest.
          </p>
        </InfoCard>
        <InfoCard icon={BadgeCheck} title="Conditions">
          <ul>
            <li>The item is in the same condition as delivered, with all original packaging.</li>
            <li>Graded slabs are unopened, and the seal and cert label are intact.</li>
            <li>Sealed products (boxes, packs) are still sealed.</li>
            <li>
              Opened mystery packs cannot be returned: the card is yours, and you can keep it, list
              it or accept its buyback offer.
            </li>
          </ul>
        </InfoCard>
      </div>
      <InfoCard icon={ClipboardList} title="How to Return an Item" className="mt-4">
        <ol className="list-none! space-y-4 pl-0!">
          {STEPS.map((step, i) => (
            <li key={step.title} className="flex gap-3">
              <span className="bg-accent text-accent-foreground grid size-7 shrink-0 place-items-center rounded-full text-sm font-bold">
                {i + 1}
              </span>
              <span className="min-w-0 [overflow-wrap:anywhere]">
                <strong className="block">{step.title}</strong>
                {step.text}
              </span>
            </li>
          ))}
        </ol>
      </InfoCard>
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <InfoCard icon={Wallet} title="Refunds">
          <p>
            Once your return passes inspection, we refund the original payment method within{" "}
            <strong>{POLICY.refundTime}</strong>. Your bank may take a few more days to show it.
          </p>
          <p>
            <strong>Return shipping is free for US orders.</strong> For international orders the
            return shipping is paid by the sender; original shipping costs are not refunded.
          </p>
        </InfoCard>
        <InfoCard icon={ArrowLeftRight} title="Exchanges">
          <p>
            Want a different item instead? Say so when you <Link to="/contact">contact us</Link>. We
            ship the replacement as soon as your return arrives, and refund or charge any price
            difference.
          </p>
        </InfoCard>
      </div>
    </ContentPage>
  );
}
