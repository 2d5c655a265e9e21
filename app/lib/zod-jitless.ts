/**
 * Runs inline in <head> (with the CSP nonce), before any module script: turns Zod 4's JIT off
 * in the browser. Otherwise Zod probes for it with `new Function("")` when the first
 * `z.object` is built, and a CSP without 'unsafe-eval' reports that probe as a violation even
 * though Zod catches the error. Zod reads its settings from this global object (shared by every
 * copy of Zod), so it is in place before any schema module runs, which a `z.config()` call in
 * a module cannot guarantee. Validation answers the same; only the JIT's speed-up for large
 * objects is lost, which forms do not need. The server keeps the JIT.
 */
export const zodJitlessScript =
  "globalThis.__zod_globalConfig=Object.assign(globalThis.__zod_globalConfig||{},{jitless:true});";
