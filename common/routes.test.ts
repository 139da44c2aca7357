import { describe, expect, it } from "vitest";
import { isAppRoute } from "./routes";

describe("isAppRoute", () => {
  it("knows every route of SPEC §2", () => {
    for (const route of ["/", "/solar-inspections", "/agricultural-services", "/photography-filming", "/drone-height-comparison", "/admin", "/admin-dashboard", "/login", "/dashboard", "/request-quote", "/checkout", "/reset-password"]) {
      expect(isAppRoute(route), route).toBe(true);
    }
  });

  it("accepts a trailing slash and refuses unknown paths", () => {
    expect(isAppRoute("/login/")).toBe(true);
    expect(isAppRoute("/no-such-page")).toBe(false);
    expect(isAppRoute("/login/extra")).toBe(false);
  });
});
