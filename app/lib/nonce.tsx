import { createContext, useContext } from "react";

const NonceContext = createContext("");

/**
 * Provides the request's CSP nonce to the document (app/entry.server.tsx wraps the server
 * render in it). In the browser there is no provider and the nonce is "": scripts React adds
 * after hydration need none, and browsers hide the nonce attribute from the DOM anyway.
 */
export const NonceProvider = NonceContext.Provider;

/** The CSP nonce for inline `<script>` elements, <Scripts> and <ScrollRestoration>. */
export function useNonce(): string {
  return useContext(NonceContext);
}
