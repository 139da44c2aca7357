import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIGNED_IN_HINT_COOKIE } from "@common/signed-in-hint";
import { sessions } from "../db/schema";
import { registerUser } from "../testing/factories";
import { createTestApp, type TestApp } from "../testing/test-app";

const hintOf = (res: LightMyRequestResponse) => res.cookies.find((cookie) => cookie.name === SIGNED_IN_HINT_COOKIE);
const HINT = `${SIGNED_IN_HINT_COOKIE}=1`;

describe("the signed-in hint cookie public pages read", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("comes with the session at registration and login, readable by the page and living as long", async () => {
    const customer = await registerUser(t);
    const res = await t.app.inject({ method: "POST", url: "/api/login", payload: { username: customer.user.username, password: customer.password } });
    expect(res.statusCode).toBe(200);
    const session = res.cookies.find((cookie) => cookie.name === "sv_session");
    expect(hintOf(res)).toMatchObject({ value: "1", path: "/", sameSite: "Lax", maxAge: session?.maxAge });
    expect(hintOf(res)?.httpOnly).toBeFalsy();
  });

  it("goes at logout", async () => {
    const customer = await registerUser(t);
    const res = await t.app.inject({ method: "POST", url: "/api/logout", headers: { cookie: `${customer.cookie}; ${HINT}` } });
    expect(hintOf(res)).toMatchObject({ value: "", path: "/" });
    expect(hintOf(res)?.expires?.getTime()).toBeLessThan(Date.now());
  });

  it("goes when the server finds no live session behind it: ended there, or no session cookie at all", async () => {
    const customer = await registerUser(t);
    await t.database.db.delete(sessions).where(eq(sessions.userId, customer.user.id));
    const ended = await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie: `${customer.cookie}; ${HINT}` } });
    expect(ended.statusCode).toBe(401);
    expect(hintOf(ended)?.value).toBe("");
    const alone = await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie: HINT } });
    expect(hintOf(alone)?.value).toBe("");
  });

  it("stays while the session lives, and is never set for a visitor", async () => {
    const customer = await registerUser(t);
    const signedIn = await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie: `${customer.cookie}; ${HINT}` } });
    expect(signedIn.statusCode).toBe(200);
    expect(hintOf(signedIn)).toBeUndefined();
    expect(hintOf(await t.app.inject({ method: "GET", url: "/api/user" }))).toBeUndefined();
  });

  it("is set again by a login that comes with a stale one", async () => {
    const customer = await registerUser(t);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { username: customer.user.username, password: customer.password },
      headers: { cookie: HINT },
    });
    expect(res.cookies.filter((cookie) => cookie.name === SIGNED_IN_HINT_COOKIE)).toEqual([expect.objectContaining({ value: "1" })]);
  });
});
