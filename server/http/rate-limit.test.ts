import { randomBytes, randomInt } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { logLines } from "../testing/log-lines";
import { createTestApp, type TestApp } from "../testing/test-app";

// The machine's Redis (docs/testing.md); counters are keyed by address and account, both unique per test.
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const LIMITS = { RATE_LIMIT_LOGIN_MAX: "3", RATE_LIMIT_LOGIN_ACCOUNT_MAX: "3", RATE_LIMIT_CONTACT_MAX: "3" };

const uniqueAddress = () => `10.${randomInt(1, 255)}.${randomInt(1, 255)}.${randomInt(1, 255)}`;
const failLogin = (t: TestApp, username: string, from: string) =>
  t.app.inject({ method: "POST", url: "/api/login", payload: { username, password: "wrong-password" }, remoteAddress: from });
const inquiry = (t: TestApp, from: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/contact",
    remoteAddress: from,
    payload: { name: "Grace Hopper", email: "grace@example.com", phone: "555 010 2030", service: "solar", message: "Please inspect our roof array." },
  });

/** Warnings both instances log: a counter store that failed would let attempts through uncounted. */
function warningLog() {
  const { lines, stream } = logLines();
  return { warnings: lines, logger: { level: "warn", stream } };
}

describe("rate limits shared through Redis", () => {
  let first: TestApp;
  let second: TestApp;
  const log = warningLog();

  beforeAll(async () => {
    const logged = { logger: log.logger };
    [first, second] = await Promise.all([createTestApp({ ...LIMITS, REDIS_URL }, logged), createTestApp({ ...LIMITS, REDIS_URL }, logged)]);
  });
  afterAll(async () => {
    await Promise.all([first.close(), second.close()]);
  });

  it("counts failed logins to one account across instances", async () => {
    const username = `target-${randomBytes(4).toString("hex")}`;
    expect((await failLogin(first, username, uniqueAddress())).statusCode).toBe(401);
    expect((await failLogin(second, username, uniqueAddress())).statusCode).toBe(401);
    expect((await failLogin(first, username, uniqueAddress())).statusCode).toBe(401);
    const limited = await failLogin(second, username, uniqueAddress());
    expect(log.warnings, "the counter store failed, so attempts went uncounted").toEqual([]);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("counts inquiries from one address across instances", async () => {
    const from = uniqueAddress();
    for (const instance of [first, second, first]) expect((await inquiry(instance, from)).statusCode).toBe(201);
    const limited = await inquiry(second, from);
    expect(log.warnings, "the counter store failed, so inquiries went uncounted").toEqual([]);
    expect(limited.statusCode).toBe(429);
    expect((await inquiry(second, uniqueAddress())).statusCode).toBe(201);
  });
});

describe("rate limits without Redis", () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    [first, second] = await Promise.all([createTestApp(LIMITS), createTestApp(LIMITS)]);
  });
  afterAll(async () => {
    await Promise.all([first.close(), second.close()]);
  });

  it("count per process, which is why several instances need REDIS_URL", async () => {
    const from = uniqueAddress();
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await inquiry(first, from)).statusCode).toBe(201);
    expect((await inquiry(first, from)).statusCode).toBe(429);
    expect((await inquiry(second, from)).statusCode).toBe(201);
  });
});

describe("rate limits when Redis is unreachable", () => {
  let t: TestApp;
  beforeAll(async () => {
    // A port nothing listens on: the store is down from the start.
    t = await createTestApp({ ...LIMITS, REDIS_URL: "redis://127.0.0.1:1" });
  });
  afterAll(() => t.close());

  it("still serves requests rather than failing with the counter store", async () => {
    const from = uniqueAddress();
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await inquiry(t, from)).statusCode).toBe(201);
    expect((await failLogin(t, "nobody", from)).statusCode).toBe(401);
  });
});
