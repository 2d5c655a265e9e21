import { Link } from "react-router";
import type { Route } from "./+types/cookie-policy";
import { policyRoute } from "./+content/policy-route";
import { POLICY } from "./+content/store-policy";
import type { PolicySection } from "~/components/content/policy-page";
import { STORE } from "~/lib/store";
import { staticPageHandle } from "~/lib/page-cache";

/** Visitors get this page from the page cache. */
export const handle = staticPageHandle;

/** Everything PackVault keeps in your browser; `isKey` marks a literal cookie or storage key. */
const STORED = [
  {
    name: "Session cookie",
    isKey: false,
    kind: "Cookie, strictly necessary",
    purpose: "Keeps you signed in while you shop and manage your collection.",
    lifetime: "until you sign out or the session expires",
  },
  {
    name: "sidebar:state",
    isKey: true,
    kind: "Cookie, preference",
    purpose: "Remembers whether the side navigation is expanded or collapsed.",
    lifetime: `${POLICY.sidebarCookieDays} days`,
  },
  {
    name: "theme",
    isKey: true,
    kind: "Local storage, preference",
    purpose: "Remembers whether you chose the light or the dark theme.",
    lifetime: "until you clear your browser's site data",
  },
] as const;

const SECTIONS: readonly PolicySection[] = [
  {
    id: "what-they-are",
    title: "What cookies and local storage are",
    body: (
      <p>
        A cookie is a small piece of text a website asks your browser to keep and send back with
        each visit. Local storage is a similar store that stays in your browser and is never sent to
        our server.
      </p>
    ),
  },
  {
    id: "what-we-use",
    title: "What we use",
    body: (
      <dl className="grid gap-3 sm:grid-cols-3">
        {STORED.map((item) => (
          <div key={item.name} className="bg-surface rounded-lg border p-4">
            <dt className="text-foreground font-semibold">
              {item.isKey ? <code>{item.name}</code> : item.name}
            </dt>
            <dd className="mt-1 text-xs tracking-wide uppercase">{item.kind}</dd>
            <dd className="mt-2">{item.purpose}</dd>
            <dd className="mt-2">
              <span className="text-foreground font-medium">Kept for:</span> {item.lifetime}
            </dd>
          </div>
        ))}
      </dl>
    ),
  },
  {
    id: "what-we-dont-use",
    title: "What we don't use",
    body: (
      <p>
        We use no advertising, analytics or tracking cookies, and our pages load no fonts, images or
        scripts from other websites, so no third party can set cookies through PackVault.
      </p>
    ),
  },
  {
    id: "your-choices",
    title: "Your choices",
    body: (
      <p>
        You can block or delete cookies and site data in your browser settings. Without the session
        cookie you cannot sign in; without the preferences the side navigation opens expanded and
        the site starts in the dark theme.
      </p>
    ),
  },
  {
    id: "changes-and-contact",
    title: "Changes and contact",
    body: (
      <p>
        If we start using another cookie we will list it here and update the date above. Read how we
        handle your information in our <Link to="/privacy-policy">Privacy Policy</Link>, or write to{" "}
        {STORE.supportEmail} with any question.
      </p>
    ),
  },
];

const page = policyRoute({
  title: "Cookie Policy",
  description:
    "The cookies and local storage PackVault uses: a session cookie, the sidebar:state cookie for 7 days and your theme choice.",
  intro: (
    <p>
      {STORE.name} keeps as little as possible in your browser: what it needs to keep you signed in
      and to remember two display preferences.
    </p>
  ),
  sections: SECTIONS,
});

export const meta: Route.MetaFunction = page.meta;

export default page.Page;
