import { randomBytes } from "node:crypto";
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
    const sameName = await t.app.inject({
      method: "POST",
      url: "/api/register",
      payload: { username: "bessie", password: "secret-pw", email: "other@example.com" },
    });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().message).toMatch(/username/i);
    const sameEmail = await t.app.inject({
      method: "POST",
      url: "/api/register",
      payload: { username: "coleman", password: "secret-pw", email: "BESSIE@example.com" },
    });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().message).toMatch(/email/i);
  });

  it("validates registration with the documented messages", async () => {
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

  it("validates login input with the documented messages", async () => {
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
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, pilot.user.id));
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
    const sameOrigin = await t.app.inject({
      method: "POST",
      url: "/api/logout",
      headers: { cookie: pilot.cookie, origin: "http://localhost:5000", host: "localhost:5000" },
    });
    expect(sameOrigin.statusCode).toBe(200);
  });
});

describe("usernames: one form, no invisible characters, no look-alikes", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const register = (username: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/register",
      payload: { username, password: "secret-pw", email: `${randomBytes(4).toString("hex")}@example.com` },
    });
  const login = (username: string, password = "secret-pw") => t.app.inject({ method: "POST", url: "/api/login", payload: { username, password } });

  it("stores the NFKC form, so a full-width name is the name it shows as, and signs in by either form", async () => {
    const created = await register("ＮＩＫＯＬＡ");
    expect(created.statusCode).toBe(201);
    expect(created.json().username).toBe("NIKOLA");
    expect((await register("nikola")).json()).toEqual({ message: "That username is already taken" });
    expect((await login("nikola")).statusCode).toBe(200);
    expect((await login("ｎｉｋｏｌａ")).statusCode).toBe(200);
  });

  it("refuses a full-width copy of an existing name as taken", async () => {
    await registerUser(t, { username: "admin" });
    const copy = await register("ＡＤＭＩＮ");
    expect(copy.statusCode).toBe(409);
    expect(copy.json().message).toBe("That username is already taken");
  });

  it.each(["ad\u200dmin", "ad\u200bmin", "ad\ufeffmin", "ad\u00admin", "admin\u202e", "\u3164admin"])(
    "refuses invisible characters (%j) with 400 naming the field",
    async (name) => {
      const res = await register(name);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ username: "Username cannot contain invisible or control characters" });
    },
  );

  it("refuses a name mixing scripts, such as a Cyrillic а among Latin letters", async () => {
    const res = await register("аdmin");
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ username: "Username must use the letters of one script, not a mix (such as Latin and Cyrillic)" });
  });

  it("refuses an all-Cyrillic look-alike of an existing Latin name as taken, even when both race", async () => {
    await registerUser(t, { username: "hopes" });
    const lookAlike = await register("һореѕ");
    expect(lookAlike.statusCode).toBe(409);
    expect(lookAlike.json().message).toBe("That username is already taken");
    // The unique index decides between two sign-ups at once.
    const racing = await Promise.all([register("copse"), register("сорѕе")]);
    expect(racing.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    expect(racing.find((res) => res.statusCode === 409)?.json().message).toBe("That username is already taken");
  });

  it("accepts names written in one other script, and signs them in", async () => {
    for (const name of ["Дмитрий", "José", "たろう太郎", "Ελένη"]) {
      const res = await register(name);
      expect(res.statusCode, res.body).toBe(201);
      expect((await login(name)).statusCode).toBe(200);
    }
  });
});

describe("account rate limits", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_LOGIN_MAX: "3", RATE_LIMIT_LOGIN_ACCOUNT_MAX: "5", RATE_LIMIT_REGISTER_MAX: "2" });
  });
  afterAll(() => t.close());

  const failLogin = (username: string, from: string) =>
    t.app.inject({ method: "POST", url: "/api/login", payload: { username, password: "wrong-pw" }, remoteAddress: from });

  it("limits failed logins per address, three times the per-account figure, with 429", async () => {
    const from = "10.1.0.1";
    for (let i = 0; i < 9; i++) expect((await failLogin(`user${i % 3}`, from)).statusCode).toBe(401);
    const limited = await failLogin("user9", from);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe("Too many attempts. Please wait 15 minutes and try again.");
  });

  it("limits failed logins per account and address", async () => {
    for (let i = 0; i < 3; i++) expect((await failLogin("pair-target", "10.5.0.1")).statusCode).toBe(401);
    expect((await failLogin("PAIR-TARGET", "10.5.0.1")).statusCode).toBe(429);
    expect((await failLogin("pair-target", "10.5.0.2")).statusCode).toBe(401);
  });

  it("limits failed logins per account across addresses at the slower hourly ceiling", async () => {
    for (let i = 0; i < 5; i++) expect((await failLogin("target", `10.2.0.${i}`)).statusCode).toBe(401);
    expect((await failLogin("TARGET", "10.2.0.99")).statusCode).toBe(429);
    // Full-width and look-alike spellings of the name are the same account to the limits.
    for (const spelling of ["ＴＡＲＧＥＴ", "tаrget"]) expect((await failLogin(spelling, "10.2.0.98")).statusCode).toBe(429);
  });

  it("limits registrations per address", async () => {
    const from = "10.3.0.1";
    const register = (n: number) =>
      t.app.inject({
        method: "POST",
        url: "/api/register",
        payload: { username: `signup${n}`, password: "secret-pw", email: `signup${n}@example.com` },
        remoteAddress: from,
      });
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
