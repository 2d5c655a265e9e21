import { redirect } from "react-router";
import type { Route } from "./+types/logout";

/** POST /logout: ends this session (spec: sign-out sends the user to /auth). */
export async function action({ request, context }: Route.ActionArgs) {
  const headers = new Headers();
  if (context.user) {
    const result = await context.auth.api.signOut({
      headers: request.headers,
      returnHeaders: true,
    });
    for (const cookie of result.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  }
  return redirect("/auth", { headers });
}

export function loader() {
  return redirect("/");
}
