import { Icon } from "~/components/ui/icon";
import { BUYBACK_PERCENT } from "~/lib/rates";

/** docs/product/catalogue.md / docs/product/catalogue.md: the four-step story. */
const STEPS = [
  {
    icon: "package-open",
    title: "Open packs",
    text: "Choose a pack and open it online. Every pack holds exactly one graded card.",
  },
  {
    icon: "sparkles",
    title: "Instant reveal",
    text: `See your pull at once, with a ${BUYBACK_PERCENT} buyback offer on its estimated value.`,
  },
  {
    icon: "vault",
    title: "Vault or sell",
    text: "Keep it in your insured vault, or list it on the marketplace for other collectors.",
  },
  {
    icon: "truck",
    title: "Redeem physical",
    text: "Want it in hand? Redeem the slab and we ship it to your door.",
  },
] as const;

/** The four-step how-it-works: open packs; instant reveal with a buyback offer; vault or sell; redeem physical. */
export function HowItWorks() {
  return (
    <section aria-labelledby="how-title" className="bg-surface border-y">
      <div className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="how-title" className="text-2xl font-bold tracking-tight">
          How it works
        </h2>
        <ol className="how-steps mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map(({ icon, title, text }, index) => (
            <li key={title}>
              <div>
                <span>{index + 1}</span>
                <Icon name={icon} className="size-5" />
              </div>
              <h3>{title}</h3>
              <p>{text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
