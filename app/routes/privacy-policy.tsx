import { Link } from "react-router";
import type { Route } from "./+types/privacy-policy";
import { policyRoute } from "./+content/policy-route";
import { POLICY } from "./+content/store-policy";
import type { PolicySection } from "~/components/content/policy-page";
import { STORE, STORE_ADDRESS } from "~/lib/store";
import { staticPageHandle } from "~/lib/page-cache";

/** Visitors get this page from the page cache. */
export const handle = staticPageHandle;

const SECTIONS: readonly PolicySection[] = [
  {
    id: "information-we-collect",
    title: "Information we collect",
    body: (
      <>
        <p>We collect only what we need to run the shop and your collection:</p>
        <ul>
          <li>
            <strong>Account:</strong> your full name, email address and password. The password is
            stored only as a salted hash; we never see it.
          </li>
          <li>
            <strong>Orders:</strong> the items, quantities, prices and totals of your orders, your
            shipping address and the reward points you earn.
          </li>
          <li>
            <strong>Collection:</strong> the packs you open and the cards you pull, the cards in
            your vault, buyback offers you accept, redemption requests with the address we ship to,
            and your marketplace listings, offers, trades and sales.
          </li>
          <li>
            <strong>Messages:</strong> what you send through the contact form or a sell submission,
            and your email address if you subscribe to event news.
          </li>
          <li>
            <strong>Technical data:</strong> server logs of each request (IP address, browser, page
            and time) and sign-in attempts, which we use to keep accounts safe.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "how-we-use-it",
    title: "How we use your information",
    body: (
      <ul>
        <li>To process orders, award reward points and send order updates.</li>
        <li>
          To open packs, keep your cards in the vault, pay buybacks at {POLICY.buybackPercent}% of a
          card&apos;s estimated value, settle marketplace sales and ship redeemed cards.
        </li>
        <li>To answer your messages and, if you asked for it, email you about events.</li>
        <li>To detect fraud and abuse, for example by blocking an address used for attacks.</li>
        <li>To keep the service running and improve it.</li>
      </ul>
    ),
  },
  {
    id: "cookies",
    title: "Cookies and local storage",
    body: (
      <p>
        We use a session cookie to keep you signed in, a cookie that remembers whether the side
        navigation is open, and your browser&apos;s local storage for the light or dark theme. We
        use no advertising or analytics cookies. The <Link to="/cookie-policy">Cookie Policy</Link>{" "}
        lists each one.
      </p>
    ),
  },
  {
    id: "sharing",
    title: "When we share information",
    body: (
      <>
        <p>We do not sell your personal information. We share it only:</p>
        <ul>
          <li>with shipping carriers, who receive the name and address a parcel goes to;</li>
          <li>with the payment provider that processes a payment you make;</li>
          <li>
            with other collectors, who see your marketplace listings, offers and trades, and your
            name (or &quot;Anonymous&quot;) and points on the leaderboard;
          </li>
          <li>when the law requires it, or to protect our customers from fraud.</li>
        </ul>
      </>
    ),
  },
  {
    id: "retention",
    title: "How long we keep it",
    body: (
      <p>
        We keep your account data while your account is open. Order, sale and payment records are
        kept as long as tax and accounting law requires, even after an account is closed. Contact
        messages are kept while we need them to help you, and server logs for a short time.
      </p>
    ),
  },
  {
    id: "security",
    title: "Security",
    body: (
      <p>
        Pages are served over encrypted connections, passwords are hashed, and you can turn on
        two-factor authentication and review or sign out your active sessions from your account. No
        system is perfectly secure; if you notice anything unusual, contact us right away.
      </p>
    ),
  },
  {
    id: "your-choices",
    title: "Your choices and rights",
    body: (
      <ul>
        <li>You can see and correct your name and address in your account at any time.</li>
        <li>You can choose which emails you receive in your account settings.</li>
        <li>
          You can ask us for a copy of your data, or to delete your account and the data we do not
          have to keep, by writing to {STORE.supportEmail}.
        </li>
      </ul>
    ),
  },
  {
    id: "children",
    title: "Children",
    body: (
      <p>
        PackVault is not meant for children under 13, and we do not knowingly collect their
        information. Mystery packs and the marketplace are for adults only.
      </p>
    ),
  },
  {
    id: "changes-and-contact",
    title: "Changes and contact",
    body: (
      <p>
        When we change this policy we update the date above, and we email you about important
        changes. Questions? Write to {STORE.supportEmail}, call {STORE.phone} or visit us at{" "}
        {STORE_ADDRESS}.
      </p>
    ),
  },
];

const page = policyRoute({
  title: "Privacy Policy",
  description:
    "What PackVault collects about your account, orders and collection, how we use it, who sees it and your choices.",
  intro: (
    <p>
      This policy explains what information {STORE.name} collects when you shop, open packs, keep
      cards in your vault or trade on the marketplace, and how we use and protect it.
    </p>
  ),
  sections: SECTIONS,
});

export const meta: Route.MetaFunction = page.meta;

export default page.Page;
