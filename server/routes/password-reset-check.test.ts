import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passwordResetTokens } from "../db/schema";
import { createAdmin, registerUser, type TestUser } from "../testing/factories";
import { createTestApp, type TestApp } from "../testing/test-app";

// Without SMTP, on loopback, /api/forgot-password hands the link back (docs/product.md §7).
describe("POST /api/reset-password/check: whether a reset link still works, before anything is typed", () => {
  let t: TestApp;
  let customer: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_LOGIN_MAX: "3" });
    customer = await registerUser(t);
  });
  afterAll(() => t.close());

  // Each request from its own address, as the limit here is three per address.
  let asked = 0;
  const freshToken = async (account = customer) => {
    asked += 1;
    const res = await t.app.inject({
      method: "POST",
      url: "/api/forgot-password",
      payload: { email: account.user.email },
      headers: { host: "127.0.0.1:5000" },
      remoteAddress: `10.9.0.${asked}`,
    });
    return new URL(res.json().resetLink).searchParams.get("token")!;
  };
  const check = (token: string, headers: Record<string, string> = {}, remoteAddress = "10.8.0.1") =>
    t.app.inject({ method: "POST", url: "/api/reset-password/check", payload: { token }, headers, remoteAddress });

  it("says a live link is valid and leaves it usable", async () => {
    const token = await freshToken();
    const res = await check(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ valid: true });
    const reset = await t.app.inject({ method: "POST", url: "/api/reset-password", payload: { token, newPassword: "checked-pw" } });
    expect(reset.statusCode).toBe(200);
    customer = { ...customer, password: "checked-pw" };
  });

  it("says only invalid, alike, for a used, an expired and a made-up link", async () => {
    const used = await freshToken();
    await t.app.inject({ method: "POST", url: "/api/reset-password", payload: { token: used, newPassword: "used-pw-1" } });
    const expired = await freshToken();
    await t.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, customer.user.id));
    const answers = [await check(used, {}, "10.8.0.2"), await check(expired, {}, "10.8.0.2"), await check("made-up", {}, "10.8.0.2")];
    expect(answers.map((res) => [res.statusCode, res.body])).toEqual(Array(3).fill([200, JSON.stringify({ valid: false })]));
  });

  it("answers visitors, customers and admins the same: it is open to all, and reveals no account", async () => {
    const token = await freshToken(await registerUser(t));
    const admin = await createAdmin(t);
    const other = await registerUser(t);
    for (const cookie of [undefined, other.cookie, admin.cookie]) {
      const res = await check(token, cookie ? { cookie } : {}, "10.8.0.3");
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ valid: true });
    }
  });

  it("refuses an empty token with the reset form's message", async () => {
    const res = await check("", {}, "10.8.0.4");
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.token).toBe("Invalid reset token");
  });

  it("is limited per address like the reset requests, with 429", async () => {
    for (let i = 0; i < 3; i++) expect((await check(`guess-${i}`, {}, "10.8.0.5")).statusCode).toBe(200);
    const over = await check("guess-9", {}, "10.8.0.5");
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe("Too many reset link checks. Please wait 15 minutes and try again.");
    expect((await check("guess-9", {}, "10.8.0.6")).statusCode).toBe(200);
  });
});
