import { createHash } from "node:crypto";
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from "node:zlib";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import cookie from "@fastify/cookie";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIGNED_IN_HINT_COOKIE } from "@common/signed-in-hint";
import { SITE_CONFIG_MARKER } from "@common/site";
import { THEME_BOOT_SCRIPT } from "@common/theme";
import type { SiteConfig } from "@common/site";
import { openDatabase, type DatabaseHandle } from "../db/client";
import { registerSecurityHeaders } from "../http/security-headers";
import { ORIGIN_MARKER, writeBuiltPages } from "../testing/built-pages";
import { pgliteTemplate } from "../testing/test-app";
import { PageRenderer } from "./page-renderer";
import { registerClient } from "./serve-client";

const site: SiteConfig = {
  businessName: "SkyVantage",
  businessPhone: "+1 555 0100",
  businessEmail: "ops@example.com",
  demoVideoUrl: "https://video.example/</script><script>alert(1)</script>",
  mapTileUrl: "",
  mapTileAttribution: "",
  mapTileMaxZoom: 19,
  mapSatelliteUrl: "",
  mapSatelliteAttribution: "",
  mapHome: null,
  geocoder: false,
  devOutbox: false,
  businessTimeZone: "America/Recife",
  businessAddress: [],
  logoUrl: null,
  currency: "USD",
  socialLinks: [],
  primaryColor: null,
  accentColor: null,
};

describe("serving the built client", () => {
  let dir: string;
  let app: FastifyInstance;
  let database: DatabaseHandle;

  beforeAll(async () => {
    dir = path.join(mkdtempSync(path.join(os.tmpdir(), "skyvantage-dist-")), "client");
    writeBuiltPages(path.dirname(dir), site);
    mkdirSync(path.join(dir, "assets"));
    writeFileSync(path.join(dir, "assets", "index-abc123.js"), "console.log('hi')");
    // As scripts/compress-assets.mjs leaves it at build time.
    writeFileSync(path.join(dir, "assets", "index-abc123.js.br"), brotliCompressSync("console.log('hi')"));
    writeFileSync(path.join(dir, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
    // Trusting every proxy, as a misconfigured deployment would: forwarded headers still change no address.
    app = Fastify({ trustProxy: true });
    await app.register(cookie);
    const headers = await registerSecurityHeaders(app, { production: false, stripe: false });
    database = await openDatabase({ dataDir: null, template: await pgliteTemplate() });
    await registerClient(app, {
      clientDir: dir,
      renderer: PageRenderer.ifBuilt(dir),
      renderStale: undefined,
      db: database.db,
      publicUrl: "http://127.0.0.1:5000",
      pagePolicy: headers.pagePolicy,
    });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    rmSync(path.dirname(dir), { recursive: true, force: true });
  });

  it("answers a known route with its prerendered page, 200, revalidated on every request", async () => {
    const res = await app.inject("/solar-inspections");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/text\/html/);
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.body).toContain('<div id="root"><h1>/solar-inspections</h1></div>');
  });

  it("names a screen's first API reads as preloads for someone who may be signed in, the address's id filled in", async () => {
    const hint = { cookie: `${SIGNED_IN_HINT_COOKIE}=1` };
    const dashboard = await app.inject({ url: "/dashboard", headers: hint });
    expect(dashboard.headers.link).toBe(
      "</api/user>; rel=preload; as=fetch; crossorigin=use-credentials, </api/waiting>; rel=preload; as=fetch; crossorigin=use-credentials, </api/subscriptions>; rel=preload; as=fetch; crossorigin=use-credentials, </api/services?active=true>; rel=preload; as=fetch; crossorigin=use-credentials",
    );
    const job = await app.inject({ url: "/dashboard/jobs/42", headers: hint });
    expect(job.headers.link).toContain("</api/jobs/42>; rel=preload");
    expect(job.headers.link).toContain("</api/estimates?jobId=42>; rel=preload");
    expect(job.headers.link).toContain("</api/waiting?jobId=42>; rel=preload");
    expect(job.headers.link).not.toContain(":id");
  });

  it("names no preload for a visitor, a screen without first reads, or an id that is not one", async () => {
    expect((await app.inject("/dashboard")).headers.link).toBeUndefined();
    const hint = { cookie: `${SIGNED_IN_HINT_COOKIE}=1` };
    expect((await app.inject({ url: "/solar-inspections", headers: hint })).headers.link).toBeUndefined();
    const odd = await app.inject({ url: "/dashboard/jobs/abc", headers: hint });
    expect(odd.statusCode).toBe(200);
    expect(odd.headers.link).toBeUndefined();
  });

  it("answers a revalidation with 304 and no body while the page is unchanged, in any encoding", async () => {
    const first = await app.inject({ url: "/solar-inspections", headers: { "accept-encoding": "br" } });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]{27}"$/);
    const again = await app.inject({ url: "/solar-inspections", headers: { "if-none-match": etag, "accept-encoding": "gzip" } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers).toMatchObject({ etag, "cache-control": "no-cache" });
    // Another page, or a copy of an older build, is sent whole.
    expect((await app.inject({ url: "/gallery", headers: { "if-none-match": etag } })).statusCode).toBe(200);
    expect((await app.inject({ url: "/solar-inspections", headers: { "if-none-match": 'W/"older-build"' } })).statusCode).toBe(200);
    // The not-found page never answers 304: its status must reach the browser.
    const missing = await app.inject("/no-such-page");
    expect((await app.inject({ url: "/no-such-page", headers: { "if-none-match": missing.headers.etag as string } })).statusCode).toBe(404);
  });

  it("sends pages in brotli or gzip as the browser accepts, and says the answer varies by it", async () => {
    const plain = await app.inject({ url: "/", headers: { "accept-encoding": "identity" } });
    const br = await app.inject({ url: "/", headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await app.inject({ url: "/", headers: { "accept-encoding": "gzip;q=1, br;q=0" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(plain.headers["content-encoding"]).toBeUndefined();
  });

  it.each([
    ["a Host", { host: "evil.example" }],
    ["a forged X-Forwarded-Host", { "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" }],
  ])("writes the public origin into canonical and og:url addresses whatever %s says", async (_what, headers) => {
    for (const url of ["/gallery", "/no-such-page"]) {
      const res = await app.inject({ url, headers: { ...headers, "accept-encoding": "identity" } });
      const path = url === "/gallery" ? "/gallery" : "/";
      expect(res.body).toContain(`<link rel="canonical" href="http://127.0.0.1:5000${path}" />`);
      expect(res.body).toContain(`<meta property="og:url" content="http://127.0.0.1:5000${path}" />`);
      expect(res.body).not.toContain("evil.example");
      expect(res.body).not.toContain(ORIGIN_MARKER);
    }
  });

  it("sends the brotli copy made at build time to a browser that accepts it, the plain file otherwise", async () => {
    const compressed = await app.inject({ url: "/assets/index-abc123.js", headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(compressed.headers["content-encoding"]).toBe("br");
    expect(compressed.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe("console.log('hi')");
    const plain = await app.inject({ url: "/assets/index-abc123.js", headers: { "accept-encoding": "identity" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe("console.log('hi')");
  });

  it("answers an unknown path with the not-found page and status 404", async () => {
    const res = await app.inject("/no-such-page");
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<div id="root"><h1>404</h1></div>');
  });

  it("answers an unknown API path with JSON 404", async () => {
    const res = await app.inject("/api/nothing-here");
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/No route/);
  });

  it("puts the site configuration in the page where no script can break out of it", async () => {
    const res = await app.inject("/");
    expect(res.body).toContain('<script type="application/json" id="site-config">');
    expect(res.body).not.toContain("</script><script>alert(1)");
    const json = /id="site-config">(.*?)<\/script>/.exec(res.body)?.[1] ?? "";
    expect(JSON.parse(json)).toEqual(site);
  });

  it("caches hashed assets for a year, immutable", async () => {
    const res = await app.inject("/assets/index-abc123.js");
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("does not expose the raw index.html or the build manifest", async () => {
    expect((await app.inject("/index.html")).body).not.toContain(SITE_CONFIG_MARKER);
    expect((await app.inject("/.vite/manifest.json")).headers["content-type"]).toMatch(/text\/html/);
  });

  it("allows exactly the theme boot script by hash, and forbids framing", async () => {
    const res = await app.inject("/");
    const hash = createHash("sha256").update(THEME_BOOT_SCRIPT).digest("base64");
    expect(res.headers["content-security-policy"]).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["strict-transport-security"]).toBeUndefined();
  });
});

describe("without a built client (API tests, development)", () => {
  it("answers every unknown path with JSON 404", async () => {
    const app = Fastify();
    await registerClient(app, {
      clientDir: undefined,
      renderer: undefined,
      renderStale: undefined,
      db: undefined as never,
      publicUrl: "http://127.0.0.1:5000",
      pagePolicy: () => "",
    });
    const res = await app.inject("/solar-inspections");
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/No route/);
    await app.close();
  });
});

describe("security headers in production", () => {
  it("add HSTS", async () => {
    const app = Fastify();
    await registerSecurityHeaders(app, { production: true, stripe: false });
    app.get("/x", async () => "ok");
    const res = await app.inject("/x");
    expect(res.headers["strict-transport-security"]).toContain("max-age=31536000");
    await app.close();
  });
});
