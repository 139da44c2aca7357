import { describe, expect, it } from "vitest";
import { brandShade, brandStylesheet, checkBrandColor, contrastRatio, formatRatio, THEME_GROUNDS } from "./brand";

describe("contrastRatio", () => {
  it("measures WCAG 2.x's known pairs", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#ffffff", "#ffffff")).toBe(1);
    // The grey that just fails on white, and the one that just passes.
    expect(contrastRatio("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
    expect(contrastRatio("#ffffff", "#767676")).toBe(contrastRatio("#767676", "#ffffff"));
  });

  it("is shown rounded down, so a failing ratio never reads as a passing one", () => {
    expect(formatRatio(4.478)).toBe("4.4:1");
    expect(formatRatio(4.5)).toBe("4.5:1");
  });
});

describe("checkBrandColor", () => {
  it("takes SPEC's own colours of either theme", () => {
    for (const color of ["#22d3ee", "#0e7490", "#f59e0b", "#b45309"]) expect(checkBrandColor(color).ok).toBe(true);
  });

  it("refuses a colour no theme can draw as text, with the measured ratios", () => {
    const checked = checkBrandColor("#777777");
    expect(checked).toEqual({
      ok: false,
      message:
        "Contrast 4.2:1 on the light theme's background #f5f8fc and 4.1:1 on the dark theme's cards #0b1220; text needs at least 4.5:1 on one theme (the other shows a lighter or darker shade)",
    });
  });

  it("keeps the colour as typed where it reads, and gives the other theme a shade of it that reads too", () => {
    const checked = checkBrandColor("#0055aa");
    if (!checked.ok) throw new Error(checked.message);
    expect(checked.shades.light).toEqual({ color: "#0055aa", label: "#ffffff" });
    const dark = checked.shades.dark;
    expect(dark.color).not.toBe("#0055aa");
    for (const ground of THEME_GROUNDS.dark) expect(contrastRatio(dark.color, ground.color)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(dark.color, dark.label)).toBeGreaterThanOrEqual(4.5);
  });

  it("makes every shade it gives readable on its theme, with its label readable on it", () => {
    for (let value = 0; value < 0xffffff; value += 0x0b3f29) {
      const color = `#${value.toString(16).padStart(6, "0")}`;
      const checked = checkBrandColor(color);
      if (!checked.ok) continue;
      for (const theme of ["dark", "light"] as const) {
        const shade = checked.shades[theme];
        for (const ground of THEME_GROUNDS[theme]) expect(contrastRatio(shade.color, ground.color), `${color} on ${ground.color}`).toBeGreaterThanOrEqual(4.5);
        expect(contrastRatio(shade.color, shade.label)).toBeGreaterThanOrEqual(4.5);
      }
    }
  });
});

describe("brandStylesheet", () => {
  it("is empty when no colour is set: the themes' own show", () => {
    expect(brandStylesheet({ primaryColor: null, accentColor: null })).toBe("");
  });

  it("sets each theme's custom properties from the colours' shades", () => {
    const css = brandStylesheet({ primaryColor: "#0055aa", accentColor: null });
    expect(css).toContain("html:root{--primary:#0055aa;--primary-foreground:#ffffff;--ring:#0055aa}");
    expect(css).toContain(`html.dark{--primary:${brandShade("#0055aa", "dark")!.color};--primary-foreground:#03121a;`);
    expect(css).not.toContain("--accent");
  });
});
