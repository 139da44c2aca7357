import { createHash } from "node:crypto";
import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import { THEME_BOOT_SCRIPT } from "@common/theme";

const themeScriptHash = `'sha256-${createHash("sha256").update(THEME_BOOT_SCRIPT).digest("base64")}'`;

// Stripe.js and its card fields load from Stripe (docs.stripe.com/security/guide#content-security-policy).
const STRIPE_SCRIPTS = ["https://js.stripe.com", "https://*.js.stripe.com"];
const STRIPE_FRAMES = ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"];
const STRIPE_API = ["https://api.stripe.com"];

/** CSP, nosniff, frame-ancestors and, in production, HSTS (DESIGN §4). Stripe's origins only when Stripe is on. */
export async function registerSecurityHeaders(app: FastifyInstance, { production, stripe }: { production: boolean; stripe: boolean }): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", themeScriptHash, ...(stripe ? STRIPE_SCRIPTS : [])],
        // React renders style attributes (scroll-driven header opacity, scale of the height scene).
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...(stripe ? STRIPE_API : [])],
        frameSrc: stripe ? STRIPE_FRAMES : ["'none'"],
        mediaSrc: ["'self'", "blob:"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
}
