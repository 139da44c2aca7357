import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_ROUTES } from "@common/routes";
import { createTestApp, type TestApp } from "../testing/test-app";

describe("robots.txt and sitemap.xml", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: "https://skyvantage.example" });
  });
  afterAll(() => t.close());

  it("lists every public route in the sitemap, at the public address", async () => {
    const res = await t.app.inject("/sitemap.xml");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/xml/);
    const locations = [...res.body.matchAll(/<loc>(.*?)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual(PUBLIC_ROUTES.map((route) => `https://skyvantage.example${route}`));
  });

  it("lets crawlers in, keeps them out of accounts, payments and the back office, and names the sitemap", async () => {
    const res = await t.app.inject("/robots.txt");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain/);
    const lines = res.body.split("\n");
    expect(lines).toContain("User-agent: *");
    expect(lines).toContain("Allow: /");
    for (const path of ["/dashboard", "/admin", "/checkout", "/api/"]) expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).not.toContain("Disallow: /");
    expect(lines).toContain("Sitemap: https://skyvantage.example/sitemap.xml");
  });

  it("lets crawlers fetch the login and quote pages that public pages link to, so they read the pages' noindex", async () => {
    const res = await t.app.inject("/robots.txt");
    const disallowed = res.body.split("\n").filter((line) => line.startsWith("Disallow: "));
    expect(disallowed).toEqual(
      ["/api/", "/dashboard", "/checkout", "/payment-success", "/reset-password", "/invitation", "/account", "/admin"].map((path) => `Disallow: ${path}`),
    );
  });
});

describe("robots.txt and sitemap.xml addresses never follow the request", () => {
  const forged = [
    ["a Host", { host: "evil.example" }],
    ["a forged X-Forwarded-Host", { "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" }],
  ] as const;

  it.each([
    ["without PUBLIC_URL: where the server listens", { PORT: "5055" }, "http://127.0.0.1:5055"],
    ["with PUBLIC_URL", { PUBLIC_URL: "https://skyvantage.example/" }, "https://skyvantage.example"],
    ["behind a trusted proxy", { PUBLIC_URL: "https://skyvantage.example", TRUST_PROXY: "1" }, "https://skyvantage.example"],
    ["behind a proxy trusted by address", { PUBLIC_URL: "https://skyvantage.example", TRUST_PROXY: "127.0.0.1,::1" }, "https://skyvantage.example"],
  ])("%s", async (_case, env, origin) => {
    const t = await createTestApp(env);
    try {
      for (const [, headers] of forged) {
        const robots = await t.app.inject({ url: "/robots.txt", headers, remoteAddress: "127.0.0.1" });
        expect(robots.body).toContain(`Sitemap: ${origin}/sitemap.xml`);
        const sitemap = await t.app.inject({ url: "/sitemap.xml", headers, remoteAddress: "127.0.0.1" });
        expect(sitemap.body).toContain(`<loc>${origin}/</loc>`);
        expect(robots.body + sitemap.body).not.toContain("evil.example");
      }
    } finally {
      await t.close();
    }
  });
});
