import { describe, expect, it } from "vitest";
import { nextPathFrom } from "./auth-next";

const next = (value: string) => nextPathFrom(`?${new URLSearchParams({ next: value })}`, "customer");

describe("where /login goes after logging in", () => {
  it("follows a page of the app, with its query and fragment", () => {
    expect(next("/admin")).toBe("/admin");
    expect(next("/checkout?service=Solar&amount=500")).toBe("/checkout?service=Solar&amount=500");
    expect(next("/gallery#latest")).toBe("/gallery#latest");
    expect(next("/dashboard/")).toBe("/dashboard");
  });

  it("follows a page with a parameter, such as a job's", () => {
    expect(next("/dashboard/jobs/12")).toBe("/dashboard/jobs/12");
  });

  it.each([
    ["a backslash the browser reads as a second slash", "/\\evil.example"],
    ["a protocol-relative address", "//x"],
    ["a tab the URL parser drops", "/\t/evil.example"],
    ["a script", "javascript:alert(1)"],
    ["another site", "https://evil.example"],
    ["encoded slashes", "/%2F%2Fevil.example"],
    ["a path the app has no page for", "/no-such-page"],
    ["a parameter route missing its parameter", "/dashboard/jobs/"],
    ["a parameter route with one segment too many", "/dashboard/jobs/12/more"],
    ["the login page itself", "/login?next=/admin"],
    ["an empty value", ""],
  ])("goes to /dashboard for %s", (_what, value) => {
    expect(next(value)).toBe("/dashboard");
  });

  it("goes to /dashboard without ?next=", () => {
    expect(nextPathFrom("", "customer")).toBe("/dashboard");
  });

  it("sends admins and pilots to the back office, unless ?next= names a page", () => {
    expect(nextPathFrom("", "admin")).toBe("/admin-dashboard");
    expect(nextPathFrom("", "pilot")).toBe("/admin-dashboard");
    expect(nextPathFrom("?next=//x", "admin")).toBe("/admin-dashboard");
    expect(nextPathFrom("?next=%2Fadmin-dashboard%2Fjobs%2F4", "pilot")).toBe("/admin-dashboard/jobs/4");
    expect(nextPathFrom("?next=%2Frequest-quote", "admin")).toBe("/request-quote");
  });
});
