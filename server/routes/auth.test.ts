import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { sessions, users } from "../db/schema";
import { registerUser, sessionCookieOf } from "../testing/factories";
import { createTestApp, type TestApp } from "../testing/test-app";

describe("accounts: register, login, logout, user", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const login = (username: string, password: string, cookie?: string) =>
    t.app.inject({ method: "POST", url: "/api/login", payload: { username, password }, headers: cookie ? { cookie } : {} });
  const me = (cookie?: string) => t.app.inject({ method: "GET", url: "/api/user", headers: cookie ? { cookie } : {} });

  it("registers a customer, logs them in, and never returns the password or its hash", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/register",
      payload: { username: "amelia", password: "secret-pw", email: "Amelia@Example.com", firstName: "Amelia", lastName: "Earhart" },
    });
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toMatchObject({ username: "amelia", email: "Amelia@Example.com", firstName: "Amelia", lastName: "Earhart", role: "customer" });
    expect(JSON.stringify(user)).not.toMatch(/secret-pw|argon2|password/i);
    const cookie = res.cookies.find((c) => c.name === "sv_session");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect(cookie?.secure).toBeFalsy();
    expect((await me(sessionCookieOf(res))).json()).toMatchObject({ id: user.id, role: "customer" });
  });

  it("stores an argon2id hash, not the password", async () => {
    const { user } = await registerUser(t, { password: "plain-text-never" });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain("plain-text-never");
  });

  it("refuses a taken username or email with 409, without regard to case", async () => {
    await registerUser(t, { username: "Bessie", email: "bessie@example.com" });
    const sameName = await t.app.inject({ method: "POST", url: "/api/register", payload: { username: "bessie", password: "secret-pw", email: "other@example.com" } });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().message).toMatch(/username/i);
    const sameEmail = await t.app.inject({ method: "POST", url: "/api/register", payload: { username: "coleman", password: "secret-pw", email: "BESSIE@example.com" } });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().message).toMatch(/email/i);
  });

  it("validates registration with the SPEC messages", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/register", payload: { username: "ab", password: "12345", email: "nope" } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      username: "Username must be at least 3 characters",
      password: "Password must be at least 6 characters",
      email: "Please enter a valid email",
    });
  });

  it("logs in by username without regard to case and rotates the session id", async () => {
    const pilot = await registerUser(t, { username: "Wilbur" });
    const res = await login("wilbur", pilot.password, pilot.cookie);
    expect(res.statusCode).toBe(200);
    const fresh = sessionCookieOf(res);
    expect(fresh).not.toBe(pilot.cookie);
    expect((await me(pilot.cookie)).statusCode).toBe(401);
    expect((await me(fresh)).statusCode).toBe(200);
  });

  it("answers a wrong password and an unknown user alike, with 401", async () => {
    const pilot = await registerUser(t);
    const wrong = await login(pilot.user.username, "wrong-password");
    const unknown = await login("nobody-here", "wrong-password");
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
  });

  it("validates login input with the SPEC messages", async () => {
    const res = await login("ab", "123");
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ username: "Username must be at least 3 characters", password: "Password must be at least 6 characters" });
  });

  it("destroys the session at logout", async () => {
    const pilot = await registerUser(t);
    const res = await t.app.inject({ method: "POST", url: "/api/logout", headers: { cookie: pilot.cookie } });
    expect(res.statusCode).toBe(200);
    expect((await me(pilot.cookie)).statusCode).toBe(401);
    expect(await t.database.db.$count(sessions, eq(sessions.userId, pilot.user.id))).toBe(0);
  });

  it("expires a session that went unused", async () => {
    const pilot = await registerUser(t);
    await t.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, pilot.user.id));
    expect((await me(pilot.cookie)).statusCode).toBe(401);
  });

  it("answers a visitor's GET /api/user with 401", async () => {
    expect((await me()).statusCode).toBe(401);
    expect((await me("sv_session=forged-token")).statusCode).toBe(401);
  });

  it("refuses a cookie-authenticated write from another site (CSRF)", async () => {
    const pilot = await registerUser(t);
    const crossSite = await t.app.inject({ method: "POST", url: "/api/logout", headers: { cookie: pilot.cookie, origin: "https://evil.example" } });
    expect(crossSite.statusCode).toBe(403);
    const fetchMeta = await t.app.inject({ method: "POST", url: "/api/logout", headers: { cookie: pilot.cookie, "sec-fetch-site": "cross-site" } });
    expect(fetchMeta.statusCode).toBe(403);
    expect((await me(pilot.cookie)).statusCode).toBe(200);
    const sameOrigin = await t.app.inject({ method: "POST", url: "/api/logout", headers: { cookie: pilot.cookie, origin: "http://localhost:5000", host: "localhost:5000" } });
    expect(sameOrigin.statusCode).toBe(200);
  });
});

describe("account rate limits", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_LOGIN_MAX: "3", RATE_LIMIT_REGISTER_MAX: "2" });
  });
  afterAll(() => t.close());

  it("limits login attempts per address with 429", async () => {
    const from = "10.1.0.1";
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({ method: "POST", url: "/api/login", payload: { username: `user${i}`, password: "wrong-pw" }, remoteAddress: from });
      expect(res.statusCode).toBe(401);
    }
    const limited = await t.app.inject({ method: "POST", url: "/api/login", payload: { username: "user9", password: "wrong-pw" }, remoteAddress: from });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/too many attempts/i);
  });

  it("limits login attempts per account across addresses", async () => {
    for (let i = 0; i < 3; i++) {
      await t.app.inject({ method: "POST", url: "/api/login", payload: { username: "target", password: "wrong-pw" }, remoteAddress: `10.2.0.${i}` });
    }
    const limited = await t.app.inject({ method: "POST", url: "/api/login", payload: { username: "TARGET", password: "wrong-pw" }, remoteAddress: "10.2.0.99" });
    expect(limited.statusCode).toBe(429);
  });

  it("limits registrations per address", async () => {
    const from = "10.3.0.1";
    const register = (n: number) =>
      t.app.inject({ method: "POST", url: "/api/register", payload: { username: `signup${n}`, password: "secret-pw", email: `signup${n}@example.com` }, remoteAddress: from });
    expect((await register(1)).statusCode).toBe(201);
    expect((await register(2)).statusCode).toBe(201);
    expect((await register(3)).statusCode).toBe(429);
  });

  it("limits forgot-password requests per address", async () => {
    const from = "10.4.0.1";
    const ask = (n: number) => t.app.inject({ method: "POST", url: "/api/forgot-password", payload: { email: `who${n}@example.com` }, remoteAddress: from });
    for (let i = 0; i < 3; i++) expect((await ask(i)).statusCode).toBe(200);
    expect((await ask(9)).statusCode).toBe(429);
  });
});

describe("sessions across instances", () => {
  it("a session opened on one instance is valid on another and after a restart", async () => {
    const t = await createTestApp();
    try {
      const pilot = await registerUser(t);
      const other = await buildApp({ config: loadConfig({ LOG_LEVEL: "silent", DATA_DIR: t.dataDir }), database: t.database, logger: false });
      const res = await other.inject({ method: "GET", url: "/api/user", headers: { cookie: pilot.cookie } });
      await other.close();
      expect(res.statusCode).toBe(200);
      expect(res.json().id).toBe(pilot.user.id);
    } finally {
      await t.close();
    }
  });
});
