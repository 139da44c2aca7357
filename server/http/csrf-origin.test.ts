import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerUser } from "../testing/factories";
import { createTestApp, type TestApp } from "../testing/test-app";

// Behind one trusted proxy that terminates TLS, as deploy/nginx.conf does: the request is https://site.example.
const PUBLIC_URL = "https://site.example";
const throughProxy = { host: "site.example", "x-forwarded-proto": "https" };

describe("a cookie-authenticated write must come from the site's own origin: scheme, host and port", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL, TRUST_PROXY: "1" });
  });
  afterAll(() => t.close());

  const logout = async (origin: string, headers: Record<string, string> = throughProxy) => {
    const { cookie } = await registerUser(t);
    return t.app.inject({ method: "POST", url: "/api/logout", headers: { ...headers, cookie, origin } });
  };

  it("accepts the same origin, with or without its default port", async () => {
    expect((await logout("https://site.example")).statusCode).toBe(200);
    expect((await logout("https://site.example:443")).statusCode).toBe(200);
  });

  it("accepts PUBLIC_URL's origin when the proxy hands on another Host", async () => {
    expect((await logout("https://site.example", { host: "app-1:5000", "x-forwarded-proto": "https" })).statusCode).toBe(200);
  });

  it("refuses the same host over another scheme", async () => {
    const res = await logout("http://site.example");
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: "Cross-site request refused" });
  });

  it("refuses the same host on another port", async () => {
    expect((await logout("https://site.example:8443")).statusCode).toBe(403);
  });

  it("refuses another host", async () => {
    expect((await logout("https://evil.example")).statusCode).toBe(403);
    expect((await logout("https://site.example.evil.example")).statusCode).toBe(403);
  });

  it("refuses an opaque or malformed origin", async () => {
    expect((await logout("null")).statusCode).toBe(403);
    expect((await logout("not a url")).statusCode).toBe(403);
  });
});
