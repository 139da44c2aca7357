import { describe, expect, it } from "vitest";
import { headerOpacity, isNavItemActive } from "./nav-items";

describe("header rules (docs/product.md §2, §9)", () => {
  it("matches HOME only on the exact path and the others by prefix", () => {
    expect(isNavItemActive("/", "/")).toBe(true);
    expect(isNavItemActive("/", "/solar-inspections")).toBe(false);
    expect(isNavItemActive("/solar-inspections", "/solar-inspections")).toBe(true);
    expect(isNavItemActive("/solar-inspections", "/solar-inspections/report")).toBe(true);
    expect(isNavItemActive("/photography-filming", "/")).toBe(false);
  });

  it("sets the background opacity to scroll/100, capped at 0.95", () => {
    expect(headerOpacity(0)).toBe(0);
    expect(headerOpacity(30)).toBeCloseTo(0.3);
    expect(headerOpacity(94)).toBeCloseTo(0.94);
    expect(headerOpacity(500)).toBe(0.95);
    expect(headerOpacity(-20)).toBe(0);
  });
});
