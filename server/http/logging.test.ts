import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerUser } from "../testing/factories";
import { logLines } from "../testing/log-lines";
import { createTestApp, type TestApp } from "../testing/test-app";
import { loggableUrl, loggerOptions } from "./logging";

describe("request logs", () => {
  let t: TestApp;
  const { lines, stream } = logLines();

  beforeAll(async () => {
    t = await createTestApp({}, { logger: { ...(loggerOptions("info").logger as object), stream } });
  });
  afterAll(() => t.close());

  it("are JSON lines carrying the request id, which the answer hands back", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health", headers: { "x-request-id": "lb-1234" } });
    expect(res.headers["x-request-id"]).toBe("lb-1234");
    const entries = lines.map((line) => JSON.parse(line) as { reqId?: string; msg: string });
    expect(entries.filter((entry) => entry.reqId === "lb-1234").map((entry) => entry.msg)).toEqual(["incoming request", "request completed"]);
  });

  it("make up an id when the proxy sends none or a strange one", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health", headers: { "x-request-id": "not ok\u0000" } });
    expect(res.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("never hold a password, a session cookie or a reset token", async () => {
    const user = await registerUser(t, { password: "very-secret-password" });
    await t.app.inject({ method: "POST", url: "/api/login", payload: { username: user.user.username, password: "very-secret-password" } });
    await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie: user.cookie } });
    await t.app.inject({ method: "GET", url: "/reset-password?token=reset-token-value" });
    const all = lines.join("\n");
    expect(all).not.toContain("very-secret-password");
    expect(all).not.toContain(user.cookie.split("=")[1]);
    expect(all).not.toContain("reset-token-value");
    expect(all).toContain("/reset-password?token=%5Bredacted%5D");
  });

  it("keep harmless query parameters as they are", () => {
    expect(loggableUrl("/checkout?service=Roof&amount=5")).toBe("/checkout?service=Roof&amount=5");
    expect(loggableUrl("/payment-success?payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_x")).toBe(
      "/payment-success?payment_intent=pi_1&payment_intent_client_secret=%5Bredacted%5D",
    );
  });
});
