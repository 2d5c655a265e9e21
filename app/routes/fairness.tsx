import type { Route } from "./+types/fairness";
import { DrawLogSection } from "./+fairness/draw-log-section";
import { OpeningsSection } from "./+fairness/openings-section";
import { SeedPairSection } from "./+fairness/seed-pair-section";
import { intent, runIntent } from "~/.server/http/run-intent";
import {
  FAIRNESS_OPENINGS_LIMIT,
  fairnessOverview,
  rotateSeedPair,
  setClientSeed,
} from "~/.server/packs/fairness";
import { publishedOdds } from "~/.server/packs/odds";
import { requestCtx } from "~/.server/request-context";
import { HowItWorks } from "~/components/fairness/how-it-works";
import { SignInButton } from "~/components/account-ui/sign-in-button";
import { TitledCard } from "~/components/account-ui/titled-card";
import { PageHeader } from "~/components/ui/page-header";
import { pageMeta } from "~/lib/meta";
import { fairnessActionSchema } from "~/lib/schemas/fairness";

export const meta: Route.MetaFunction = () =>
  pageMeta(
    "Provably Fair",
    "How PackVault draws every pack opening from seeds you can check, and a verifier that recomputes your pulls in your browser.",
  );

/**
 * /fairness (docs/product/packs-and-fairness.md): the scheme and every active pack's odds commitment are public;
 * a signed-in user also gets their seed pair and latest openings (`overview`, null for a
 * visitor).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const [overview, odds] = await Promise.all([
    context.user ? fairnessOverview(requestCtx(context)) : null,
    publishedOdds(context.db),
  ]);
  return { overview, odds, limit: FAIRNESS_OPENINGS_LIMIT };
}

/**
 * By `intent`: "client-seed" sets the client seed (toast 'Client seed updated'); "rotate"
 * rotates the seed pair (the toast shows the revealed server seed). Both come back to
 * /fairness, refusals too; a form that fails the shared schema, or an unknown intent, gets a
 * 400 with the field errors and changes nothing; a visitor is sent to /auth.
 */
export const action = (args: Route.ActionArgs) =>
  runIntent(
    args,
    {
      "client-seed": intent({
        schema: fairnessActionSchema.options[0],
        run: setClientSeed,
        done: () => ({
          redirect: "/fairness",
          toasts: [{ kind: "success", title: "Client seed updated" }],
        }),
        refused: () => ({ redirect: "/fairness" }),
      }),
      rotate: intent({
        schema: fairnessActionSchema.options[1],
        run: (ctx) => rotateSeedPair(ctx),
        done: ({ revealedServerSeed }) => ({
          redirect: "/fairness",
          toasts: [
            {
              kind: "success",
              title: "Seed pair rotated",
              description: `Your previous server seed was revealed: ${revealedServerSeed}`,
            },
          ],
        }),
        refused: () => ({ redirect: "/fairness" }),
      }),
    },
    { home: "/fairness" },
  );

/** What a visitor sees instead of the seeds and openings. */
function SignInPrompt() {
  return (
    <TitledCard
      id="fairness-sign-in"
      title="Your seeds and openings"
      lead="Sign in to see your server seed hash, set your client seed, rotate your seed pair and verify your pack openings."
      large
      className="flex flex-col items-start gap-4 sm:p-6"
    >
      <SignInButton returnTo="/fairness">Sign in to verify your openings</SignInButton>
    </TitledCard>
  );
}

export default function Fairness({ loaderData, actionData }: Route.ComponentProps) {
  const { overview, odds, limit } = loaderData;
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:py-12">
      <PageHeader
        title="Provably Fair"
        lead="Every pack you open is drawn from seeds you can check. We commit to our secret before you open, you add your own seed, and afterwards you can recompute every pull yourself."
      />
      <div className="space-y-8">
        {/* The verify boxes lead; the explanation follows, in sections. */}
        {overview ? (
          <>
            <OpeningsSection openings={overview.openings} limit={limit} />
            <SeedPairSection
              serverSeedHash={overview.serverSeedHash}
              clientSeed={overview.clientSeed}
              nonce={overview.nonce}
              lastResult={actionData?.result}
            />
            <DrawLogSection odds={odds} />
            <HowItWorks />
          </>
        ) : (
          <>
            <DrawLogSection odds={odds} />
            <SignInPrompt />
            <HowItWorks />
          </>
        )}
      </div>
    </div>
  );
}
