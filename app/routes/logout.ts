import { redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/logout";
import { intent, runAction } from "~/.server/http/run-intent";

/** POST /logout: ends this session (sign-out sends the user to /auth); a visitor just goes. */
export const action = (args: Route.ActionArgs) =>
  runAction(
    args,
    "logout",
    intent({
      schema: z.object({}),
      auth: "visitor",
      run: async (_ctx, _input, { request, context }) => {
        if (!context.user) return new Headers();
        const { headers } = await context.auth.api.signOut({
          headers: request.headers,
          returnHeaders: true,
        });
        return headers;
      },
      done: (headers) => ({ redirect: "/auth", headers }),
    }),
    { home: "/auth" },
  );

export function loader() {
  return redirect("/");
}
