/**
 * The CSP forbids eval; zod probes for it (new Function) to pick a faster parser, which the browser reports as a
 * CSP violation. zod reads its configuration from this global, so it is set here, before any chunk loads zod,
 * without pulling zod into the first load.
 */
const g = globalThis as { __zod_globalConfig?: Record<string, unknown> };
g.__zod_globalConfig = { ...(g.__zod_globalConfig ?? {}), jitless: true };
export {};
