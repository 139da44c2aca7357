import { createHash } from "node:crypto";
import helmet, { type FastifyHelmetOptions } from "@fastify/helmet";
import Fastify, { type FastifyInstance } from "fastify";
import { THEME_BOOT_SCRIPT } from "@common/theme";

const themeScriptHash = `'sha256-${createHash("sha256").update(THEME_BOOT_SCRIPT).digest("base64")}'`;

// Stripe.js and its card fields load from Stripe (docs.stripe.com/security/guide#content-security-policy).
const STRIPE_SCRIPTS = ["https://js.stripe.com", "https://*.js.stripe.com"];
const STRIPE_FRAMES = ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"];
const STRIPE_API = ["https://api.stripe.com"];

interface HeaderSettings {
  production: boolean;
  stripe: boolean;
  /** MAP_TILES_URL and MAP_TILES_SATELLITE_URL: the base map's tiles are images from their hosts, and from no other. */
  mapTileUrls?: readonly string[];
}

/** The headers every answer carries, and the policy of a page whose maps draw the tiles the back office's settings name. */
export interface SecurityHeaders {
  /** The Content-Security-Policy of a page whose maps draw tiles from `tileUrls` (its site configuration's), besides the environment's. */
  pagePolicy(tileUrls: readonly string[]): string;
}

/** The CSP source of a tile URL template: its origin, a {a-c} or {s} subdomain choice written as a wildcard. */
function tileSource(template: string): string {
  const wildcarded = template.replace(/\{[^}]*\}/g, (part) => (part === "{z}" || part === "{x}" || part === "{y}" || part === "{-y}" ? "0" : "*"));
  const url = new URL(wildcarded.replace("://*", "://wildcard-subdomain"));
  return `${url.protocol}//${url.host.replace("wildcard-subdomain", "*")}`;
}

const tileSources = (templates: readonly string[]) => [...new Set(templates.filter(Boolean).map(tileSource))];

function helmetOptions({ production, stripe, mapTileUrls = [] }: HeaderSettings): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", themeScriptHash, ...(stripe ? STRIPE_SCRIPTS : [])],
        // React renders style attributes (scroll-driven header opacity, scale of the height scene).
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:", ...tileSources(mapTileUrls)],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...(stripe ? STRIPE_API : [])],
        // The map's GeoTIFF decoders run in workers that geotiff.js starts from a blob.
        workerSrc: ["'self'", "blob:"],
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
  };
}

type Headers = Record<string, string | number | string[]>;

/**
 * The headers helmet sets with these options. They depend on nothing in the request (no nonces,
 * no directive functions), yet @fastify/helmet rebuilds them on every request; asking it once, on
 * a throwaway instance, keeps helmet the judge of what they are.
 */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<Headers> {
  const probe = Fastify();
  await probe.register(helmet, options);
  const headers: Headers = {};
  probe.get("/", async (_request, reply) => {
    for (const name of reply.raw.getHeaderNames()) {
      const value = reply.raw.getHeader(name);
      if (value !== undefined) headers[name] = value;
    }
    return "";
  });
  try {
    await probe.inject("/");
    return headers;
  } finally {
    await probe.close();
  }
}

/**
 * CSP, nosniff, frame-ancestors and, in production, HSTS (docs/architecture.md §4). Stripe's origins only when Stripe is on.
 * A page's policy adds the hosts of the tiles its maps draw (the owner's settings, carried by the page itself), so
 * a save in the back office opens exactly those hosts on the next page served, on every instance.
 */
export async function registerSecurityHeaders(app: FastifyInstance, settings: HeaderSettings): Promise<SecurityHeaders> {
  const headers = await helmetHeaders(helmetOptions(settings));
  // Fastify's own headers rather than the raw response's: Node then writes them all in one pass.
  app.addHook("onRequest", (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  const policy = String(headers["content-security-policy"]);
  return {
    pagePolicy(tileUrls) {
      const added = tileSources(tileUrls);
      if (added.length === 0) return policy;
      return policy.replace(/(^|;)img-src ([^;]*)/, (_directive, start: string, sources: string) => {
        const present = new Set(sources.split(" "));
        return `${start}img-src ${[...present, ...added.filter((source) => !present.has(source))].join(" ")}`;
      });
    },
  };
}
