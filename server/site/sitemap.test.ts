import { describe, expect, it } from "vitest";
import { PUBLIC_ROUTES } from "@common/routes";
import type { SitePage } from "@common/contract/site-pages";
import { appWithUsersForTests, type TestUser } from "../testing/factories";
import type { TestApp } from "../testing/test-app";
import { sitemapXml } from "./seo";

const ORIGIN = "https://skyvantage.example";

let t: TestApp, admin: TestUser;
appWithUsersForTests(["admin"], { PUBLIC_URL: ORIGIN }, (made) => {
  t = made.t;
  [admin] = made.users;
});

const call = (method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
  t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: { cookie: admin.cookie } });

/** The sitemap's entries: each address with its <lastmod>, or null. */
async function sitemap(): Promise<Map<string, string | null>> {
  const res = await t.app.inject("/sitemap.xml");
  expect(res.statusCode).toBe(200);
  return new Map([...res.body.matchAll(/<url><loc>(.*?)<\/loc>(?:<lastmod>(.*?)<\/lastmod>)?<\/url>/g)].map((match) => [match[1]!, match[2] ?? null]));
}

async function publishChange(key: string, change: (draft: Record<string, unknown>) => Record<string, unknown>): Promise<void> {
  const page: SitePage = (await call("GET", `/api/admin/pages/${key}`)).json();
  expect(
    (await call("PUT", `/api/admin/pages/${key}/draft`, { revision: page.revision, document: change(page.draft as Record<string, unknown>) })).statusCode,
  ).toBe(200);
  expect((await call("POST", `/api/admin/pages/${key}/publish`, {})).statusCode).toBe(200);
}

const today = () => new Date().toISOString().slice(0, 10);

describe("the sitemap follows the published pages, read on each request", () => {
  it("lists every public route, without a date while no page was published", async () => {
    expect([...(await sitemap()).entries()]).toEqual(PUBLIC_ROUTES.map((route) => [`${ORIGIN}${route}`, null]));
  });

  it("dates a published page, lists a page the business added once it is published, and leaves out hidden pages", async () => {
    await publishChange("solar-inspections", (draft) => ({ ...draft, navLabel: "THERMAL" }));
    expect((await call("POST", "/api/admin/pages", { slug: "roof-inspections", navLabel: "ROOFS" })).statusCode).toBe(201);
    let entries = await sitemap();
    expect(entries.get(`${ORIGIN}/solar-inspections`)).toBe(today());
    expect(entries.get(`${ORIGIN}/`)).toBeNull();
    expect(entries.has(`${ORIGIN}/roof-inspections`)).toBe(false);

    expect((await call("POST", "/api/admin/pages/roof-inspections/publish", {})).statusCode).toBe(200);
    await publishChange("agricultural-services", (draft) => ({ ...draft, hidden: true }));
    entries = await sitemap();
    expect(entries.get(`${ORIGIN}/roof-inspections`)).toBe(today());
    expect(entries.has(`${ORIGIN}/agricultural-services`)).toBe(false);
    // The social cards follow the same pages.
    expect((await t.app.inject("/og/agricultural-services.png")).statusCode).toBe(404);
    expect((await t.app.inject("/og/roof-inspections.png")).statusCode).toBe(200);
    expect([...entries.keys()]).toEqual([
      ...PUBLIC_ROUTES.filter((route) => route !== "/agricultural-services").map((route) => `${ORIGIN}${route}`),
      `${ORIGIN}/roof-inspections`,
    ]);

    await publishChange("roof-inspections", (draft) => ({ ...draft, hidden: true }));
    expect((await sitemap()).has(`${ORIGIN}/roof-inspections`)).toBe(false);
  });
});

describe("sitemapXml", () => {
  it("writes the date of the page's live version, and escapes addresses", () => {
    const xml = sitemapXml("https://a.example/?x=1&y=2", [{ route: "/", onSite: true, publishedAt: new Date("2026-03-04T23:59:00Z") }]);
    expect(xml).toContain("<url><loc>https://a.example/?x=1&#38;y=2/</loc><lastmod>2026-03-04</lastmod></url>");
  });
});
