import { describe, expect, it } from "vitest";
import { DEFAULT_SERVICE_HEADS } from "@common/site-page-default-home";
import { headerOpacity, isNavItemActive, navItemsOf } from "./nav-items";

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

  it("lists the service pages on the site in SPEC's place: their own labels in the header, SPEC's footer labels, none for a hidden one, an added one after", () => {
    const services = [
      { key: "solar-inspections", head: { ...DEFAULT_SERVICE_HEADS["solar-inspections"], navLabel: "THERMAL" } },
      { key: "photography-filming", head: DEFAULT_SERVICE_HEADS["photography-filming"] },
      { key: "roof-inspections", head: { ...DEFAULT_SERVICE_HEADS["solar-inspections"], navLabel: "ROOFS" } },
    ];
    const header = navItemsOf(services, "nav");
    expect(header.slice(0, 4)).toEqual([
      { label: "HOME", href: "/" },
      { label: "THERMAL", href: "/solar-inspections" },
      { label: "MEDIA", href: "/photography-filming" },
      { label: "ROOFS", href: "/roof-inspections" },
    ]);
    expect(header.map((item) => item.href)).not.toContain("/agricultural-services");
    const footer = navItemsOf(services, "footer");
    expect(footer.slice(1, 4).map((item) => item.label)).toEqual(["Solar", "Media", "ROOFS"]);
  });
});
