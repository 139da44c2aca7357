import { createHash } from "node:crypto";
import { brotliCompressSync, brotliDecompressSync } from "node:zlib";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SITE_CONFIG_MARKER } from "@common/site";
import { THEME_BOOT_SCRIPT } from "@common/theme";
import { registerClient } from "./client";
import { registerSecurityHeaders } from "./security-headers";

const site = {
  businessName: "SkyVantage",
  businessPhone: "+1 555 0100",
  businessEmail: "ops@example.com",
  demoVideoUrl: "https://video.example/</script><script>alert(1)</script>",
};

describe("serving the built client", () => {
  let dir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "skyvantage-client-"));
    mkdirSync(path.join(dir, "assets"));
    mkdirSync(path.join(dir, ".vite"));
    writeFileSync(path.join(dir, "index.html"), `<html><head>${SITE_CONFIG_MARKER}</head><body><div id="root"></div></body></html>`);
    writeFileSync(path.join(dir, ".vite", "manifest.json"), "{}");
    writeFileSync(path.join(dir, "assets", "index-abc123.js"), "console.log('hi')");
    // As scripts/compress-assets.mjs leaves it at build time.
    writeFileSync(path.join(dir, "assets", "index-abc123.js.br"), brotliCompressSync("console.log('hi')"));
    writeFileSync(path.join(dir, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
    app = Fastify();
    await registerSecurityHeaders(app, { production: false, stripe: false });
    await registerClient(app, dir, site);
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("answers a known route with the page shell, 200, revalidated on every request", async () => {
    const res = await app.inject("/solar-inspections");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/text\/html/);
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.body).toContain('<div id="root">');
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

  it("answers an unknown path with the shell and status 404", async () => {
    const res = await app.inject("/no-such-page");
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<div id="root">');
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
    await registerClient(app, undefined, site);
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
