import type { AppLoadContext } from "react-router";
import { formPost } from "./commerce";

/** What a route action answers: a Response (a redirect), or data() with its init. */
export type ActionAnswer<D = unknown> = Response | { data: D; init: ResponseInit | null };

/** A route module's action (its arguments are typed per route: the call below casts them). */
type RouteAction = (args: never) => unknown;

/**
 * POSTs a browser form of `fields` to `path` through the route's `action` (its seam) with
 * `context` (tests/helpers/commerce.ts routeContext); a thrown Response or data() (a redirect, or
 * the status of a form no intent answers for) is returned, not thrown: its status counts too.
 */
export function postToAction<A extends ActionAnswer>(
  action: RouteAction,
  path: string,
  context: AppLoadContext,
  fields: Record<string, string>,
): Promise<A> {
  const args = { request: formPost(path, fields), params: {}, context } as never;
  const answer = action(args) as Promise<A>;
  return answer.catch((thrown: unknown) => {
    if (thrown instanceof Response || (thrown && typeof thrown === "object" && "init" in thrown)) {
      return thrown as A;
    }
    throw thrown;
  });
}

/** The HTTP status of an action's answer (200 for data() without one). */
export const statusOf = (answer: ActionAnswer) =>
  answer instanceof Response ? answer.status : (answer.init?.status ?? 200);
