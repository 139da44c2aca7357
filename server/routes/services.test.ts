import { asc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { services } from "../db/schema";
import { createAdmin, type TestUser } from "../testing/factories";
import { createTestApp, type TestApp } from "../testing/test-app";
import { CATALOGUE_TTL_SECONDS } from "./services";

describe("GET /api/services?active=true, served from memory", () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t);
  });
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  const catalogue = (headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url: "/api/services?active=true", headers });
  const activeRows = async () =>
    JSON.parse(JSON.stringify(await t.database.db.select().from(services).where(eq(services.active, true)).orderBy(asc(services.id))));

  it("answers the active rows as { success, data }, with an ETag and a short public Cache-Control", async () => {
    const res = await catalogue();
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(res.headers["cache-control"]).toBe(`public, max-age=${CATALOGUE_TTL_SECONDS}`);
    expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(res.json()).toEqual({ success: true, data: await activeRows() });
  });

  it("answers 304 without a body to a request naming the current ETag", async () => {
    const { etag } = (await catalogue()).headers as { etag: string };
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
      const res = await catalogue({ "if-none-match": ifNoneMatch });
      expect(res.statusCode, ifNoneMatch).toBe(304);
      expect(res.body).toBe("");
      expect(res.headers.etag).toBe(etag);
      expect(res.headers["cache-control"]).toBe(`public, max-age=${CATALOGUE_TTL_SECONDS}`);
    }
    expect((await catalogue({ "if-none-match": '"other"' })).statusCode).toBe(200);
  });

  it("reads a changed catalogue only once the cache time has passed; the admin list at once", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const before = await catalogue();
    const [first] = before.json().data;
    await t.database.db.update(services).set({ name: "Renamed Monitoring" }).where(eq(services.id, first.id));

    expect((await catalogue()).json().data[0].name).toBe(first.name);
    const all = await t.app.inject({ method: "GET", url: "/api/services", headers: { cookie: admin.cookie } });
    expect(all.json().data.find((service: { id: number }) => service.id === first.id).name).toBe("Renamed Monitoring");

    vi.setSystemTime(Date.now() + CATALOGUE_TTL_SECONDS * 1000 + 1);
    const after = await catalogue({ "if-none-match": before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.json()).toEqual({ success: true, data: await activeRows() });
  });

  it("has one database read serve the requests that arrive while it runs", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    // Well past the cache time of whatever an earlier test left (it ran on a moved clock too).
    vi.setSystemTime(Date.now() + 3_600_000);
    const select = vi.spyOn(t.database.db, "select");
    try {
      const answers = await Promise.all(Array.from({ length: 5 }, () => catalogue()));
      expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
      expect(new Set(answers.map((res) => res.headers.etag)).size).toBe(1);
      expect(select).toHaveBeenCalledTimes(1);
    } finally {
      select.mockRestore();
    }
  });
});
