import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/faq";
import { DOMESTIC_RATES, INTERNATIONAL_RATES, POLICY } from "./+content/store-policy";
import { ContentPage } from "~/components/content/content-page";
import { Prose } from "~/components/content/prose";
import {
  Accordion,
  AccordionContent,
  AccordionItem,
  AccordionTrigger,
} from "~/components/ui/accordion";
import { pageMeta } from "~/lib/meta";
import { STORE } from "~/lib/store";
import { staticPageHandle } from "~/lib/page-cache";
import { POINTS_PER_DOLLAR_LABEL } from "~/lib/rates";

/** Visitors get this page from the page cache. */
export const handle = staticPageHandle;

const standardIntl = INTERNATIONAL_RATES[0]!;
const expressIntl = INTERNATIONAL_RATES[1]!;

/** The FAQ: eight questions, in a fixed order. */
const QUESTIONS: readonly { id: string; question: string; answer: ReactNode }[] = [
  {
    id: "placing-an-order",
    question: "How do I place an order?",
    answer: (
      <p>
        Sign in, add items to your cart from the <Link to="/products">shop</Link> and select Proceed
        to Checkout on your cart page. Your order is confirmed right away, you earn reward points (
        {POINTS_PER_DOLLAR_LABEL} spent), and it appears under Orders in your account.
      </p>
    ),
  },
  {
    id: "payment-methods",
    question: "What payment methods do you accept?",
    answer: <p>We accept {POLICY.paymentMethods}. Prices are in US dollars.</p>,
  },
  {
    id: "tracking",
    question: "How can I track my order?",
    answer: (
      <p>
        Orders are processed in {POLICY.processingTime}. When your order ships we email you a
        tracking number; enter it on <Link to="/track-order">Track Your Order</Link> or on the
        carrier&apos;s website.
      </p>
    ),
  },
  {
    id: "returns",
    question: "What is your return policy?",
    answer: (
      <p>
        Returns are accepted within {POLICY.returnWindowDays} days of delivery, in original
        condition. Refunds take {POLICY.refundTime} once we receive the item, and return shipping is
        free for US orders. See <Link to="/returns">Returns and Refunds</Link> for the steps.
      </p>
    ),
  },
  {
    id: "authenticity",
    question: "Are your items authentic?",
    answer: (
      <p>
        Yes. Every item is checked by our team before it is listed, and every card from a pack is
        professionally graded, kept in our vault and insured until you ask us to ship it.
      </p>
    ),
  },
  {
    id: "international-shipping",
    question: "Do you ship internationally?",
    answer: (
      <p>
        Yes. International standard shipping takes {standardIntl.time} ({standardIntl.price}) and
        international express {expressIntl.time} ({expressIntl.price}). Import duties and taxes are
        set by your country and paid on delivery. In the US, standard shipping costs{" "}
        {DOMESTIC_RATES[0]!.price} and is free over {POLICY.freeShippingOver}; see{" "}
        <Link to="/shipping">Shipping Information</Link>.
      </p>
    ),
  },
  {
    id: "grading",
    question: "How does card grading work?",
    answer: (
      <p>
        A grader inspects a card&apos;s corners, edges, surface and centring and gives it a grade
        from 1 to 10, then seals it in a tamper-evident slab with a label showing the grader, the
        grade to one decimal and a cert number. Cards pulled from our packs are graded 8 to 10.
      </p>
    ),
  },
  {
    id: "selling",
    question: "Can I sell my collectibles to you?",
    answer: (
      <p>
        Yes. Use <Link to="/sell">Submit my collectibles</Link> to describe your item. We review
        submissions within 2-3 business days, send a prepaid shipping label, and pay within 5
        business days after authentication.
      </p>
    ),
  },
];

export const meta: Route.MetaFunction = () =>
  pageMeta(
    "FAQ",
    "Answers about ordering, payment, tracking, returns, authenticity, international shipping, grading and selling to PackVault.",
  );

export default function Faq() {
  return (
    <ContentPage
      title="Frequently Asked Questions"
      lead="Quick answers about orders, payment, shipping, grading and selling to us."
      width="prose"
    >
      <Accordion type="single" collapsible className="bg-surface rounded-xl border px-5">
        {QUESTIONS.map(({ id, question, answer }) => (
          <AccordionItem key={id} value={id}>
            <AccordionTrigger>{question}</AccordionTrigger>
            <AccordionContent>
              <Prose>{answer}</Prose>
            </AccordionContent>
          </AccordionItem>
        ))}
      </Accordion>
      <Prose className="mt-8">
        <p>
          Still have a question? Write to{" "}
          <a href={`mailto:${STORE.supportEmail}`}>{STORE.supportEmail}</a> or use our{" "}
          <Link to="/contact">contact form</Link>.
        </p>
      </Prose>
    </ContentPage>
  );
}
