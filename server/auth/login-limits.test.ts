import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdmin, registerUser } from "../testing/factories";
import { type Answer, loopbackNetwork, postFrom } from "../testing/from-address";
import { createTestApp, type TestApp } from "../testing/test-app";

// The machine's Redis (docs/testing.md); every test uses fresh names and a fresh /24 of loopback.
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
// 3 failures per account and address, 9 per address, 10 an hour per account from unknown browsers.
const LIMITS = { RATE_LIMIT_LOGIN_MAX: "3", RATE_LIMIT_LOGIN_ACCOUNT_MAX: "10" };
const TOO_MANY = "Too many attempts. Please wait 15 minutes and try again.";

describe.each([
  ["in this process", {}],
  ["shared through Redis", { REDIS_URL }],
])("login limits, counted %s, against real source addresses", (_store, env) => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp({ ...LIMITS, ...env });
    await t.app.listen({ host: "127.0.0.1", port: 0 });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/login`;
  });
  afterAll(() => t.close());

  const login = (from: string, username: string, password: string, deviceCookie?: string): Promise<Answer> =>
    postFrom(from, url, { username, password }, deviceCookie ? { cookie: deviceCookie } : {});
  const deviceCookieOf = (answer: Answer) => answer.cookies.find((cookie) => cookie.startsWith("sv_device="));

  it("does not keep the owner, on their own browser, out while others flood the account from 29 addresses", async () => {
    const owner = await createAdmin(t);
    const address = loopbackNetwork();
    const before = await login(address(50), owner.user.username, owner.password);
    expect(before.status).toBe(200);
    const device = deviceCookieOf(before);
    expect(device).toBeDefined();

    const flood: number[] = [];
    for (let host = 2; host <= 30; host += 1) {
      for (let guess = 0; guess < 4; guess += 1) flood.push((await login(address(host), owner.user.username, `guess-${host}-${guess}`)).status);
    }
    // 10 guesses got an answer; the other 106 were refused before any password was checked.
    expect(flood.filter((status) => status === 401)).toHaveLength(10);
    expect(flood.filter((status) => status === 429)).toHaveLength(106);

    const owners = await login(address(50), owner.user.username, owner.password, device);
    expect(owners.status).toBe(200);
    expect(owners.body).toMatchObject({ id: owner.user.id, role: "admin" });
  });

  it("stops a guess spread over many addresses at the account's hourly ceiling, for every browser without its device cookie", async () => {
    const target = await registerUser(t);
    const address = loopbackNetwork();
    for (let host = 1; host <= 10; host += 1) expect((await login(address(host), target.user.username, "wrong-password")).status).toBe(401);

    const eleventh = await login(address(11), target.user.username, "wrong-password");
    expect(eleventh.status).toBe(429);
    expect(eleventh.body.message).toBe(TOO_MANY);
    expect(Number(eleventh.headers["retry-after"])).toBeGreaterThan(0);
    // Even the right password, from a browser the account never logged in from.
    expect((await login(address(12), target.user.username, target.password)).status).toBe(429);
    // A forged device cookie is no way round it.
    expect((await login(address(12), target.user.username, target.password, `sv_device=${target.user.id}.forged.forged`)).status).toBe(429);
  });

  it("limits one address: per account, then across accounts", async () => {
    const address = loopbackNetwork();
    const victim = await registerUser(t);
    for (let guess = 0; guess < 3; guess += 1) expect((await login(address(1), victim.user.username, "wrong-password")).status).toBe(401);
    expect((await login(address(1), victim.user.username, "wrong-password")).status).toBe(429);
    expect((await login(address(2), victim.user.username, "wrong-password")).status).toBe(401);

    // Spraying: 9 failures from one address, 3 accounts × 3.
    const names = [(await registerUser(t)).user.username, (await registerUser(t)).user.username, `nobody-${randomBytes(4).toString("hex")}`];
    for (const name of names) for (let guess = 0; guess < 3; guess += 1) expect((await login(address(3), name, "wrong-password")).status).toBe(401);
    expect((await login(address(3), victim.user.username, "wrong-password")).status).toBe(429);
    expect((await login(address(4), names[0]!, "wrong-password")).status).toBe(401);
  });

  it("counts failures only: the owner's successes use up nothing and forgive earlier mistypings", async () => {
    const owner = await registerUser(t);
    const from = loopbackNetwork()(1);
    for (let round = 0; round < 4; round += 1) {
      expect((await login(from, owner.user.username, "mistyped-password")).status).toBe(401);
      expect((await login(from, owner.user.username, "mistyped-password")).status).toBe(401);
      expect((await login(from, owner.user.username, owner.password)).status).toBe(200);
    }
    for (let again = 0; again < 12; again += 1) expect((await login(from, owner.user.username, owner.password)).status).toBe(200);
  });
});
