/**
 * PackVault's Content-Security-Policy (docs/product/accounts-and-security.md, docs/decisions/004-security-headers.md).
 *
 * Production: scripts only from this origin or inline with the request's nonce (the theme boot
 * script, React's and React Router's hydration scripts); styles from this origin and inline
 * (Radix positions popovers and sonner places toasts with style attributes); images from this
 * origin, data: URIs and any https host (older listings may link an image elsewhere; http: links
 * are no longer shown, docs/product/market.md "Photos"); no plugins, no
 * framing, forms and fetches only to this origin.
 *
 * Development (`npm run dev`): Vite's client and React Router's HMR runtime inject scripts
 * without the nonce, evaluate modules and talk over a WebSocket, so script-src allows
 * 'unsafe-inline' and 'unsafe-eval' (no nonce: a nonce would make browsers ignore
 * 'unsafe-inline') and connect-src allows ws:. Every other directive is the same.
 */
export function contentSecurityPolicy({
  nonce,
  development,
}: {
  nonce: string;
  development: boolean;
}): string {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": development
      ? ["'self'", "'unsafe-inline'", "'unsafe-eval'"]
      : ["'self'", `'nonce-${nonce}'`],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "https:"],
    "font-src": ["'self'"],
    "connect-src": development ? ["'self'", "ws:", "wss:"] : ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(" ")}`)
    .join("; ");
}
