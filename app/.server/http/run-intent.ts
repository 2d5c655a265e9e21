import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  data,
  type AppLoadContext,
  type Params,
  type UNSAFE_DataWithResponseInit as DataWithResponseInit,
} from "react-router";
import type { z } from "zod";
import { verificationNeeded } from "../auth/money-moving";
import type { SessionUser } from "../auth/session-user";
import type { Ctx } from "../context";
import { isDomainError, type DomainError } from "../errors";
import { requestCtx } from "../request-context";
import { redirectWithToasts, toToasts, type ToastInput } from "../toast";
import { readForm, readUploadForm, type BodyRefusal, type FormFile } from "./read-form";
import { isMultipart, uploadLimitsFor } from "./upload-limits";
import type { IntentReply } from "~/lib/intent-reply";
import { safeRedirect } from "~/lib/safe-redirect";
import { signInHref } from "~/lib/sign-in-href";

/** What an action answers: a redirect or other Response, or the reply for the page. */
export type ActionAnswer<X extends object> = Response | DataWithResponseInit<IntentReply<X>>;

/** What a route's action receives. */
export type ActionArgs = { request: Request; context: AppLoadContext; params: Params };

/** The request as an intent sees it, besides its parsed input. */
export type IntentRequest = ActionArgs & {
  /** `redirectTo` of the form put through safeRedirect, or the route's `home`. */
  returnTo: string;
  user: SessionUser | null;
  /** The form as posted (for the few places that need a raw field, e.g. admin intents). */
  form: FormData;
  /** The files of the intent's `files` field (empty for an intent that takes none). */
  files: FormFile[];
};

/** How a successful intent answers: a redirect with flash toasts, or a reply in place. */
export type Outcome<X extends object> = {
  redirect?: string;
  toasts?: ToastInput[];
  /** Set-Cookie headers to pass on (Better Auth replaced the session). */
  headers?: Headers;
  /** What the route adds to its reply (a new idempotency key, ...). */
  reply?: Partial<X>;
  /** Empty the form (password forms). */
  resetForm?: boolean;
};

/** How a refused intent answers, when the default (the failure toast) is not enough. */
export type Refusal<X extends object> = {
  /** Replaces the failure toast; null shows none. */
  toast?: ToastInput | null;
  /** Toasts shown before the failure toast (a security notice). */
  notices?: ToastInput[];
  /** The field the message belongs next to (else it is a form error). */
  field?: string;
  /** What shows in the form instead of the error's message (the reasons a password is weak). */
  messages?: string[];
  redirect?: string;
  reply?: Partial<X>;
};

/**
 * One form of a route: its shared schema, what it needs, the one domain call and its answer.
 * Sign-in is required unless `auth` is "visitor"; a verified email when the intent's name is
 * in MONEY_MOVING_INTENTS.
 */
export type IntentSpec<S extends z.ZodType, R, X extends object> = {
  schema: S | ((ctx: Ctx) => S);
  /**
   * The one field whose files this intent takes (only on a path with upload limits,
   * upload-limits.ts); a form with files anywhere else is 400 'Malformed form'.
   */
  files?: string;
  auth?: "visitor" | "user";
  /** The toast a visitor is sent to /auth with ('Please sign in to create a listing'). */
  signInToast?: string;
  /** A signed-in user this returns false for gets 403 (staff capabilities). */
  allow?: (user: SessionUser) => boolean;
  run: (ctx: Ctx, input: z.output<S>, req: IntentRequest) => Promise<R>;
  done: (result: R, input: z.output<S>, req: IntentRequest) => Outcome<X> | Promise<Outcome<X>>;
  /** The failure toast's title (spec wording: 'Failed to create listing'); 'Error' by default. */
  failureTitle?: string;
  refused?: (error: DomainError, input: z.output<S>, req: IntentRequest) => Refusal<X>;
  /** A toast for a form that failed its schema (hidden fields: a tampered id); none by default. */
  invalidToast?: (firstError: string) => ToastInput | null;
  /** Fields whose typed values never travel back into the page (passwords, card numbers). */
  hideFields?: string[];
  /** What every reply of this intent carries (a refusal's or outcome's `reply` adds to it). */
  reply?: Partial<X>;
};

// A table entry's types are checked where it is written (intent()), so the table is loose.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnySpec<X extends object> = IntentSpec<any, any, X>;

/** Types one table entry: `input` in `run` and `done` is its schema's output. */
export function intent<S extends z.ZodType, R, X extends object = object>(
  spec: IntentSpec<S, R, X>,
): IntentSpec<S, R, X> {
  return spec;
}

/** How the whole route answers, besides its intents. */
export type RouteOptions<X extends object> = {
  /** Where `redirectTo` falls back to, and where refusals go back to with `refuseByRedirect`. */
  home: string;
  /** Forms without page state (wishlist, events): refusals redirect back with their toast. */
  refuseByRedirect?: boolean;
  /** Turns the answer into a Response another way (a JSON endpoint). */
  render?: (answer: Answer<X>, args: ActionArgs) => Response | Promise<Response>;
};

/** The seam's answer before it becomes a Response. */
export type Answer<X extends object> = {
  status: number;
  intent: string | null;
  toasts: ToastInput[];
  redirect?: string;
  headers?: Headers;
  result?: SubmissionResult<string[]>;
  fieldErrors: Record<string, string[]>;
  reply?: Partial<X>;
  /** Why it was refused (absent on success). */
  error?: { code: string; message: string };
};

/**
 * Every route action, from the request to the domain and back (docs/decisions/012): reads the
 * body safely (415, 413, 400), picks the table entry by the form's `intent` (an unknown one is
 * 400 'Unknown action'), requires sign-in (a visitor goes to /auth and comes back to
 * `redirectTo`), a verified email for a money-moving intent (403) and the entry's `allow`
 * (403), parses the form once with the entry's schema (400 with the errors by the fields),
 * passes the files of the entry's `files` field (only on paths with upload limits; files
 * elsewhere are 400 'Malformed form'), calls the one domain function and turns the outcome
 * into a redirect with flash toasts or a reply; a DomainError into the failure toast with its
 * message and status. A refusal no form of the page answers for (a refused body, an unknown
 * intent, a missing permission) is thrown as its status with the message, so no page loader
 * runs after it and a visitor gets it too, never the page's sign-in redirect (see `thrown`).
 * Anything else propagates to the error boundary.
 */
export function runIntent<X extends object = object>(
  args: ActionArgs,
  table: Record<string, AnySpec<X>>,
  options: RouteOptions<X>,
): Promise<ActionAnswer<X>> {
  return serve(args, options, (form) => {
    const name = form.get("intent");
    if (typeof name !== "string") return null;
    const spec = Object.hasOwn(table, name) ? table[name] : undefined;
    return spec ? { name, spec } : null;
  });
}

/** {@link runIntent} for a route with one form, which posts no `intent` (named `name` here). */
export function runAction<X extends object = object>(
  args: ActionArgs,
  name: string,
  spec: AnySpec<X>,
  options: RouteOptions<X>,
): Promise<ActionAnswer<X>> {
  return serve(args, options, () => ({ name, spec }));
}

async function serve<X extends object>(
  args: ActionArgs,
  options: RouteOptions<X>,
  pick: (form: FormData) => { name: string; spec: AnySpec<X> } | null,
): Promise<ActionAnswer<X>> {
  const answer = await decide(args, options, pick);
  if (answer.error) {
    args.context.log.info(
      { code: answer.error.code, intent: answer.intent, status: answer.status },
      "form refused",
    );
  }
  if (options.render) return options.render(answer, args);
  if (answer.error && thrown(answer, args.context)) {
    throw data(answer.error.message, { status: answer.status, headers: answer.headers });
  }
  return respond(answer, args.context);
}

/**
 * The refusals no form of the page answers for, thrown so they keep their status: React Router
 * then renders the route's error boundary with the message instead of running the page's
 * loaders, whose redirect (a visitor to /auth, a user without the role away from /admin) would
 * replace a 415, a 400 'Unknown action' or a 403 with a 302. A refused body (415, 413, 400
 * 'Malformed form'), an unknown intent and a missing permission are thrown; a signed-in user's
 * 413 (a photo over its limit, which the page's own upload form can send) stays a reply with
 * its toast, as do every refusal of a known form (field errors, a domain refusal) and a
 * redirect.
 */
function thrown<X extends object>(answer: Answer<X>, context: AppLoadContext): boolean {
  if (answer.redirect !== undefined) return false;
  switch (answer.error?.code) {
    case "bad_body":
      return !(context.user && answer.status === 413);
    case "unknown_intent":
    case "forbidden":
      return true;
    default:
      return false;
  }
}

const errorToast = (title: string, message: string): ToastInput => ({
  kind: "error",
  title,
  description: message,
});

async function decide<X extends object>(
  args: ActionArgs,
  options: RouteOptions<X>,
  pick: (form: FormData) => { name: string; spec: AnySpec<X> } | null,
): Promise<Answer<X>> {
  const { context } = args;
  const read = await readBody(args.request);
  if ("refused" in read) {
    const { status, message } = read.refused;
    return refusal(null, status, "bad_body", message, [errorToast("Error", message)]);
  }
  const form = read.form;
  const returnTo = safeRedirect(form.get("redirectTo"), options.home);
  const back = options.refuseByRedirect ? returnTo : undefined;
  const picked = pick(form);
  const asked = form.get("intent");
  if (!picked) {
    const intent = typeof asked === "string" ? asked.slice(0, 64) : null;
    return refusal(intent, 400, "unknown_intent", "Unknown action");
  }
  const { name, spec } = picked;
  if (read.files.some((file) => file.field !== spec.files)) {
    const toasts = [errorToast("Error", "Malformed form")];
    return { ...refusal(name, 400, "bad_body", "Malformed form", toasts), redirect: back };
  }
  const user = context.user;
  const req: IntentRequest = { ...args, returnTo, user, form, files: read.files };
  const toSignIn = (): Answer<X> => ({
    ...refusal(name, 401, "not_signed_in", spec.signInToast ?? "Please sign in"),
    toasts: spec.signInToast ? [{ kind: "error", title: spec.signInToast }] : [],
    redirect: signInHref(returnTo),
  });
  if (spec.auth !== "visitor" && !user) return toSignIn();
  const title = spec.failureTitle ?? "Error";
  if (user && spec.allow && !spec.allow(user)) {
    const message = "You do not have permission to do that.";
    return {
      ...refusal(name, 403, "forbidden", message, [errorToast(title, message)]),
      redirect: back,
    };
  }
  const unverified = user && !user.emailVerified ? verificationNeeded(name) : null;
  if (unverified) {
    return {
      ...refusal(name, 403, "email_not_verified", unverified, [errorToast(title, unverified)]),
      redirect: back,
    };
  }

  const ctx = requestCtx(context);
  const schema = typeof spec.schema === "function" ? spec.schema(ctx) : spec.schema;
  const submission = parseWithZod(form, { schema });
  if (submission.status !== "success") {
    const fieldErrors = errorsOf(submission.error);
    const first = Object.values(fieldErrors)[0]?.[0] ?? "Invalid request";
    const toast = spec.invalidToast
      ? spec.invalidToast(first)
      : back
        ? errorToast(title, first)
        : null;
    return {
      ...refusal(name, 400, "invalid_form", first, toast ? [toast] : []),
      result: submission.reply({ hideFields: spec.hideFields }),
      fieldErrors,
      redirect: back,
      reply: spec.reply,
    };
  }
  const input: unknown = submission.value;

  let result: unknown;
  try {
    result = await spec.run(ctx, input, req);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    if (error.code === "not_signed_in") return toSignIn();
    const custom = spec.refused?.(error, input, req) ?? {};
    const toast = custom.toast === undefined ? errorToast(title, error.message) : custom.toast;
    const messages = custom.messages ?? [error.message];
    const fieldErrors = custom.field ? { [custom.field]: messages } : {};
    return {
      ...refusal(name, error.status, error.code, error.message, [
        ...(custom.notices ?? []),
        ...(toast ? [toast] : []),
      ]),
      result: submission.reply({
        hideFields: spec.hideFields,
        ...(custom.field ? { fieldErrors } : { formErrors: messages }),
      }),
      fieldErrors,
      redirect: custom.redirect ?? back,
      reply: { ...spec.reply, ...custom.reply },
    };
  }
  const outcome = await spec.done(result, input, req);
  return {
    status: 200,
    intent: name,
    toasts: outcome.toasts ?? [],
    redirect: outcome.redirect,
    headers: outcome.headers,
    result: outcome.resetForm
      ? submission.reply({ resetForm: true })
      : submission.reply({ hideFields: spec.hideFields }),
    fieldErrors: {},
    reply: { ...spec.reply, ...outcome.reply },
  };
}

/**
 * The posted form: with its files when the path takes uploads and the body is multipart
 * (readUploadForm, the path's limits), else readForm (1 MB, no files).
 */
async function readBody(
  request: Request,
): Promise<{ form: FormData; files: FormFile[] } | { refused: BodyRefusal }> {
  const limits = uploadLimitsFor(new URL(request.url).pathname);
  if (limits && isMultipart(request.headers.get("content-type"))) {
    return readUploadForm(request, limits);
  }
  const read = await readForm(request);
  return "refused" in read ? read : { form: read.form, files: [] };
}

function refusal<X extends object>(
  intent: string | null,
  status: number,
  code: string,
  message: string,
  toasts: ToastInput[] = [],
): Answer<X> {
  return { status, intent, toasts, fieldErrors: {}, error: { code, message } };
}

/** Conform's error map without the empty entries. */
function errorsOf(errors: Record<string, string[] | null> | null | undefined) {
  return Object.fromEntries(
    Object.entries(errors ?? {}).filter(
      (entry): entry is [string, string[]] => Array.isArray(entry[1]) && entry[1].length > 0,
    ),
  );
}

/** The default rendering: a redirect with flash toasts, or the IntentReply with its status. */
async function respond<X extends object>(
  answer: Answer<X>,
  context: AppLoadContext,
): Promise<ActionAnswer<X>> {
  if (answer.redirect !== undefined) {
    return redirectWithToasts(context, answer.redirect, answer.toasts, answer.headers);
  }
  // The route's additions come last: a refusal may answer for another form (`intent`).
  const reply = {
    intent: answer.intent,
    result: answer.result,
    fieldErrors: answer.fieldErrors,
    toasts: toToasts(answer.toasts),
    ...answer.reply,
  } as IntentReply<X>;
  return data(reply, { status: answer.status, headers: answer.headers });
}
