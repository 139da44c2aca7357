import autocannon from "autocannon";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PrivatePostgres, startPrivatePostgres } from "../support/private-postgres";
import { ADMIN, type ServerProcess, startServer } from "../support/server-process";

const UNAVAILABLE = "The service is temporarily unavailable. Please try again shortly.";
// No request may hang: each answers within this, database or not.
const ANSWER_WITHIN_MS = 5_000;

const inquiry = (tag: string) => ({
  name: "Outage Tester",
  email: `outage-${tag}@example.com`,
  phone: "555-010-2024",
  service: "solar",
  message: `Checking that inquiries survive a database restart (${tag}).`,
});

describe("PostgreSQL stopped under load, then started again", () => {
  let postgres: PrivatePostgres | undefined;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    postgres = await startPrivatePostgres();
    server = await startServer({ DATABASE_URL: postgres.url });
  });
  afterAll(async () => {
    await server?.stop();
    await postgres?.destroy();
  });

  const call = async (path: string, init: RequestInit = {}) => {
    const started = Date.now();
    const res = await fetch(`${server!.url}${path}`, { ...init, signal: AbortSignal.timeout(ANSWER_WITHIN_MS) });
    const body = (await res.json()) as Record<string, unknown>;
    return { status: res.status, body, ms: Date.now() - started };
  };
  const postInquiry = (tag: string) =>
    call("/api/contact", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(inquiry(tag)) });

  it("answers 503 with a clear message while the database is down, without hanging, failing a connection or crashing", async () => {
    expect((await call("/api/gallery")).status).toBe(200);
    const load = autocannon({ url: `${server!.url}/api/gallery`, connections: 10, duration: 8, timeout: ANSWER_WITHIN_MS / 1000 });
    await sleep(1_500);
    await postgres!.stop();

    const health = await call("/api/health");
    expect(health.status).toBe(503);
    expect(health.body.status).toBe("unavailable");
    const gallery = await call("/api/gallery");
    expect(gallery).toMatchObject({ status: 503, body: { message: UNAVAILABLE } });
    const contact = await postInquiry("during-outage");
    expect(contact).toMatchObject({ status: 503, body: { message: UNAVAILABLE } });
    for (const answer of [health, gallery, contact]) expect(answer.ms).toBeLessThan(ANSWER_WITHIN_MS);

    const result = await load;
    expect(server!.exit(), server!.output()).toBeNull();
    expect(result.errors).toBe(0);
    expect(result.timeouts).toBe(0);
    expect(Object.keys(result.statusCodeStats ?? {}).sort()).toEqual(["200", "503"]);
    expect(result.statusCodeStats?.["503"]?.count).toBeGreaterThan(0);
  });

  it("recovers by itself in the same process once the database is back", async () => {
    await postgres!.start();
    await expect.poll(async () => (await call("/api/health").catch(() => ({ status: 0 }))).status, { timeout: 30_000, interval: 500 }).toBe(200);
    expect(server!.exit()).toBeNull();

    const stored = await postInquiry("after-outage");
    expect(stored.status).toBe(201);
    const login = await fetch(`${server!.url}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(ADMIN),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((value) => value.split(";")[0])
      .join("; ");
    const submissions = await call("/api/contact", { headers: { cookie } });
    expect(submissions.status).toBe(200);
    const emails = (submissions.body.data as { email: string }[]).map((row) => row.email);
    expect(emails).toContain(inquiry("after-outage").email);
    expect(emails).not.toContain(inquiry("during-outage").email);
  });
});
