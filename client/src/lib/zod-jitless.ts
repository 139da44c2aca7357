// What "zod" means in the browser build (vite.config.ts). Zod 4 probes for eval with
// `new Function("")` before its first object parse; our CSP forbids eval, so the browser reports a
// violation (Lighthouse: Best Practices) even though zod catches it. In jitless mode it never
// probes. The server, built without this alias, keeps zod's compiled parsers.
import * as z from "zod/v4";

z.config({ jitless: true });

export * from "zod/v4";
export { z };
export default z;
