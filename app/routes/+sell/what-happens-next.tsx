import { BadgeDollarSign, ClipboardCheck, Truck } from "lucide-react";

const STEPS = [
  {
    icon: ClipboardCheck,
    title: "Review",
    text: "Our experts review your submission within 2-3 business days and, if it is a fit, make you an offer.",
  },
  {
    icon: Truck,
    title: "Free shipping",
    text: "Accept the offer and we provide a prepaid shipping label to send us your item.",
  },
  {
    icon: BadgeDollarSign,
    title: "Payment",
    text: "You are paid within 5 business days after we authenticate your item.",
  },
] as const;

/**
 * The info box of /sell (docs/product/market.md): what happens after a submission: review
 * within 2-3 business days, a prepaid shipping label, payment within 5 business days after
 * authentication.
 */
export function WhatHappensNext() {
  return (
    <aside
      aria-labelledby="what-happens-next"
      className="bg-surface-2 rounded-xl border p-5 sm:p-6"
    >
      <h2 id="what-happens-next" className="mb-4 text-lg font-semibold">
        What happens next?
      </h2>
      <ol className="space-y-4">
        {STEPS.map(({ icon: Icon, title, text }, index) => (
          <li key={title} className="flex gap-3">
            <span className="bg-accent text-accent-foreground grid size-8 shrink-0 place-items-center rounded-full">
              <Icon className="size-4" aria-hidden="true" />
            </span>
            <div className="text-sm">
              <p className="font-medium">
                <span className="sr-only">Step {index + 1}: </span>
                {title}
              </p>
              <p className="text-muted-foreground mt-0.5">{text}</p>
            </div>
          </li>
        ))}
      </ol>
    </aside>
  );
}
