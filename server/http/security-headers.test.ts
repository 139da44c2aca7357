import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { HttpError } from "./errors";
import { registerSecurityHeaders, type SecurityHeaders } from "./security-headers";

describe("security headers", () => {
  let app: FastifyInstance;
  let headers: SecurityHeaders;
  afterEach(() => app.close());

  async function appWith(settings: { production: boolean; stripe: boolean; mapTileUrls?: string[] }) {
    app = Fastify();
    headers = await registerSecurityHeaders(app, settings);
    app.get("/ok", async () => ({ ok: true }));
    app.get("/refused", async () => {
      throw new HttpError(403, "No");
    });
    return app;
  }

  it("are on every answer: a route's, an error's and an unknown path's", async () => {
    await appWith({ production: false, stripe: false });
    for (const url of ["/ok", "/refused", "/nowhere"]) {
      const res = await app.inject(url);
      expect(res.headers["content-security-policy"], url).toContain("frame-ancestors 'none'");
      expect(res.headers["x-content-type-options"], url).toBe("nosniff");
      expect(res.headers["referrer-policy"], url).toBe("strict-origin-when-cross-origin");
      expect(res.headers["cross-origin-opener-policy"], url).toBe("same-origin");
      expect(res.headers["cross-origin-embedder-policy"], url).toBeUndefined();
    }
  });

  it("let a route replace one of them for its own answer", async () => {
    await appWith({ production: false, stripe: false });
    app.get("/framed", async (_request, reply) => reply.header("x-frame-options", "DENY").send("ok"));
    expect((await app.inject("/framed")).headers["x-frame-options"]).toBe("DENY");
    expect((await app.inject("/ok")).headers["x-frame-options"]).toBe("SAMEORIGIN");
  });

  it("add HSTS and upgrade-insecure-requests in production only", async () => {
    await appWith({ production: true, stripe: false });
    const res = await app.inject("/ok");
    expect(res.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    expect(res.headers["content-security-policy"]).toContain("upgrade-insecure-requests");
    await app.close();

    await appWith({ production: false, stripe: false });
    const local = await app.inject("/ok");
    expect(local.headers["strict-transport-security"]).toBeUndefined();
    expect(local.headers["content-security-policy"]).not.toContain("upgrade-insecure-requests");
  });

  it("allow Stripe's origins only when Stripe is on", async () => {
    await appWith({ production: false, stripe: true });
    expect((await app.inject("/ok")).headers["content-security-policy"]).toContain("script-src 'self' 'sha256-");
    expect((await app.inject("/ok")).headers["content-security-policy"]).toContain("https://js.stripe.com");
    await app.close();

    await appWith({ production: false, stripe: false });
    expect((await app.inject("/ok")).headers["content-security-policy"]).not.toContain("stripe.com");
  });

  it("let images come from exactly the configured tile hosts, a {s} subdomain as a wildcard", async () => {
    await appWith({
      production: false,
      stripe: false,
      mapTileUrls: ["https://{s}.tile.example.org/{z}/{x}/{y}.png", "http://127.0.0.1:8123/sat/{z}/{y}/{x}.jpg", ""],
    });
    const csp = (await app.inject("/ok")).headers["content-security-policy"] as string;
    expect(csp).toContain("img-src 'self' data: blob: https://*.tile.example.org http://127.0.0.1:8123;");
    // Fetches (the geocoder's answers come through the server) stay on the site's own origin.
    expect(csp).toContain("connect-src 'self';");
    await app.close();

    await appWith({ production: false, stripe: false });
    expect((await app.inject("/ok")).headers["content-security-policy"]).toContain("img-src 'self' data: blob:;");
  });

  it("give a page the hosts of the tiles its own settings name, besides the environment's, each once", async () => {
    await appWith({ production: false, stripe: false, mapTileUrls: ["https://tile.example.org/{z}/{x}/{y}.png"] });
    const policy = headers.pagePolicy(["https://{a-c}.tiles.prairie.example/{z}/{x}/{y}.png", "https://tile.example.org/{z}/{x}/{y}.png", ""]);
    expect(policy).toContain("img-src 'self' data: blob: https://tile.example.org https://*.tiles.prairie.example;");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(headers.pagePolicy([])).toBe((await app.inject("/ok")).headers["content-security-policy"]);
  });
});
