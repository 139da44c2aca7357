import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "../db/schema";
import { registerUser } from "../testing/factories";
import { createTestApp, type TestApp } from "../testing/test-app";

const DAY_MS = 86_400_000;

describe("a session's absolute lifetime", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const me = (cookie: string) => t.app.inject({ url: "/api/user", headers: { cookie } });

  it("ends a session 30 days after login however active it stayed, and deletes it", async () => {
    const pilot = await registerUser(t);
    // Used a moment ago, so the idle limit is far off: only its age can end it.
    await t.database.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 31 * DAY_MS), lastSeenAt: new Date(), expiresAt: new Date(Date.now() + 6 * DAY_MS) })
      .where(eq(sessions.userId, pilot.user.id));
    expect((await me(pilot.cookie)).statusCode).toBe(401);
    expect(await t.database.db.$count(sessions, eq(sessions.userId, pilot.user.id))).toBe(0);
  });

  it("keeps a 29-day-old session in use, its expiry never sliding past the 30th day", async () => {
    const pilot = await registerUser(t);
    const createdAt = new Date(Date.now() - 29 * DAY_MS);
    await t.database.db
      .update(sessions)
      .set({ createdAt, lastSeenAt: new Date(Date.now() - DAY_MS), expiresAt: new Date(Date.now() + DAY_MS) })
      .where(eq(sessions.userId, pilot.user.id));
    expect((await me(pilot.cookie)).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.userId, pilot.user.id));
    expect(row!.expiresAt.getTime()).toBe(createdAt.getTime() + 30 * DAY_MS);
  });

  it("gives the cookie no longer a life than the session's", async () => {
    const short = await createTestApp({ SESSION_IDLE_DAYS: "7", SESSION_MAX_DAYS: "2" });
    try {
      const res = await short.app.inject({
        method: "POST",
        url: "/api/register",
        payload: { username: "shortlived", email: "shortlived@example.com", password: "correct-horse" },
      });
      const cookie = res.cookies.find((entry) => entry.name === "sv_session");
      expect(cookie?.maxAge).toBe(2 * 86_400);
      const [row] = await short.database.db.select().from(sessions);
      expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeLessThanOrEqual(2 * DAY_MS + 1_000);
    } finally {
      await short.close();
    }
  });
});

describe("session cookies over plain http and https", () => {
  it.each([
    ["development", false, {}],
    ["development on a network address", false, { HOST: "0.0.0.0" }],
    ["production", true, { NODE_ENV: "production", PUBLIC_URL: "https://skyvantage.example" }],
  ])("in %s, Secure: %s", async (_mode, secure, env) => {
    const t = await createTestApp(env);
    try {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/register",
        payload: { username: "cookiejar", email: "cookiejar@example.com", password: "correct-horse" },
      });
      expect(res.statusCode).toBe(201);
      expect(res.cookies.find((entry) => entry.name === "sv_session")?.secure ?? false).toBe(secure);
    } finally {
      await t.close();
    }
  });
});
