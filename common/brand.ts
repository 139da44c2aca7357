import type { Theme } from "./theme";

// The business's brand colours (docs/decisions/0063-brand-colours.md). The themes draw the primary
// and the accent colour as text on their grounds (headings, links, labels, status words), as
// buttons' and badges' grounds under a label, and as focus rings: text everywhere, so each must
// reach WCAG AA's 4.5:1 for normal text, never the 3:1 of large text alone. No colour reaches 4.5:1
// on both the dark theme's near-black and the light theme's near-white (the best does 4.3:1), so a
// colour is shown as typed in the theme it reaches 4.5:1 in, and the other theme shows the nearest
// shade of it that does, lighter on dark grounds, darker on light ones, as SPEC's own palette does
// (cyan 400 on dark, cyan 700 on light). A colour that reaches it in neither theme is refused.

/** WCAG AA for normal text, which the themes draw both colours as. */
const TEXT_CONTRAST = 4.5;

export const HEX_COLOR = /^#[0-9a-f]{6}$/;

/**
 * The grounds each theme draws the colours as text on (client/src/index.css: --background, --card).
 * Text in the colours is drawn on these grounds only, never on a tint of the colour (a tint of 10 %
 * costs SPEC's cyan 700 its AA on the light background); the muted ground carries muted text, which
 * SPEC's own amber on the light theme does not reach 4.5:1 on either.
 */
export const THEME_GROUNDS: Record<Theme, readonly { name: string; color: string }[]> = {
  dark: [
    { name: "background", color: "#05070d" },
    { name: "cards", color: "#0b1220" },
  ],
  light: [
    { name: "background", color: "#f5f8fc" },
    { name: "cards", color: "#ffffff" },
  ],
};

/** The labels a button of the colour may carry: the light theme's white and the dark theme's near-black (--primary-foreground). */
const LABEL_COLORS = ["#ffffff", "#03121a"] as const;

/** The paper documents and mails are read on: white, as the light theme's cards. */
export const PAPER_THEME: Theme = "light";

const THEME_NAMES: Record<Theme, string> = { dark: "the dark theme's", light: "the light theme's" };

function channels(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** WCAG 2.x relative luminance of an sRGB colour "#rrggbb". */
function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2.x contrast ratio of two colours, from 1 to 21, whichever is lighter. */
export function contrastRatio(a: string, b: string): number {
  const [lighter, darker] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/** A ratio as people read it: rounded down to one decimal, so 4.48 is never shown as a passing 4.5. */
export const formatRatio = (ratio: number): string => `${(Math.floor(ratio * 10) / 10).toFixed(1)}:1`;

/** The colour's least contrast on a theme's grounds, and the ground it is on. */
export function leastOnGrounds(color: string, theme: Theme): { ratio: number; ground: { name: string; color: string } } {
  return THEME_GROUNDS[theme]
    .map((ground) => ({ ratio: contrastRatio(color, ground.color), ground }))
    .reduce((least, next) => (next.ratio < least.ratio ? next : least));
}

/** The label drawn on the colour that reads best on it, and its contrast. */
export function bestLabel(color: string): { label: string; ratio: number } {
  return LABEL_COLORS.map((label) => ({ label, ratio: contrastRatio(color, label) })).reduce((best, next) => (next.ratio > best.ratio ? next : best));
}

/** How one theme draws a brand colour: the colour (or its shade) and the label on it. */
export interface BrandShade {
  color: string;
  /** The text on the colour's ground (a button's label): white or near-black, whichever reads better. */
  label: string;
}

const fits = (color: string, theme: Theme) => leastOnGrounds(color, theme).ratio >= TEXT_CONTRAST && bestLabel(color).ratio >= TEXT_CONTRAST;

function toHsl(hex: string): [number, number, number] {
  const [r, g, b] = channels(hex).map((channel) => channel / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const lightness = (max + min) / 2;
  if (max === min) return [0, 0, lightness];
  const delta = max - min;
  const saturation = lightness > 0.5 ? delta / (2 - max - min) : delta / (max + min);
  const hue = max === r ? (g - b) / delta + (g < b ? 6 : 0) : max === g ? (b - r) / delta + 2 : (r - g) / delta + 4;
  return [hue / 6, saturation, lightness];
}

function fromHsl(hue: number, saturation: number, lightness: number): string {
  const q = lightness < 0.5 ? lightness * (1 + saturation) : lightness + saturation - lightness * saturation;
  const p = 2 * lightness - q;
  const channel = (t: number) => {
    const u = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    const value = u < 1 / 6 ? p + (q - p) * 6 * u : u < 1 / 2 ? q : u < 2 / 3 ? p + (q - p) * (2 / 3 - u) * 6 : p;
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, "0");
  };
  return `#${channel(hue + 1 / 3)}${channel(hue)}${channel(hue - 1 / 3)}`;
}

/** The shade of the colour's hue nearest to it that fits the theme: lighter for the dark theme, darker for the light one. */
function shadeFor(color: string, theme: Theme): string {
  if (fits(color, theme)) return color;
  const [hue, saturation, lightness] = toHsl(color);
  const step = theme === "dark" ? 0.005 : -0.005;
  for (let next = lightness + step; next >= 0 && next <= 1; next += step) {
    const candidate = fromHsl(hue, saturation, next);
    if (fits(candidate, theme)) return candidate;
  }
  // White text fits the dark theme and black the light one, whatever the hue.
  return theme === "dark" ? "#ffffff" : "#000000";
}

export type BrandCheck = { ok: true; shades: Record<Theme, BrandShade> } | { ok: false; message: string };

/**
 * Whether a brand colour ("#rrggbb", lower case) can be shown, and how each theme shows it; else why
 * not, with the measured ratios. The one rule the settings' form and the server both apply.
 */
export function checkBrandColor(color: string): BrandCheck {
  const measured = (["dark", "light"] as const).map((theme) => ({ theme, ...leastOnGrounds(color, theme) }));
  const readable = measured.filter(({ ratio }) => ratio >= TEXT_CONTRAST);
  if (readable.length === 0) {
    const said = measured
      .sort((a, b) => b.ratio - a.ratio)
      .map(({ theme, ratio, ground }) => `${formatRatio(ratio)} on ${THEME_NAMES[theme]} ${ground.name} ${ground.color}`);
    return {
      ok: false,
      message: `Contrast ${said.join(" and ")}; text needs at least ${TEXT_CONTRAST}:1 on one theme (the other shows a lighter or darker shade)`,
    };
  }
  const label = bestLabel(color);
  if (label.ratio < TEXT_CONTRAST) {
    return {
      ok: false,
      message: `A label on it reaches at most ${formatRatio(label.ratio)} (${label.label}); button labels need at least ${TEXT_CONTRAST}:1`,
    };
  }
  const shadeOf = (theme: Theme): BrandShade => {
    const shade = shadeFor(color, theme);
    return { color: shade, label: bestLabel(shade).label };
  };
  return { ok: true, shades: { dark: shadeOf("dark"), light: shadeOf("light") } };
}

/** The business's brand colours, each null for the theme's own. */
export interface BrandColors {
  primaryColor: string | null;
  accentColor: string | null;
}

/** A colour's shade in one theme (the paper's for documents and mails), or null when it is not set or no longer passes. */
export function brandShade(color: string | null, theme: Theme): BrandShade | null {
  if (!color || !HEX_COLOR.test(color)) return null;
  const checked = checkBrandColor(color);
  return checked.ok ? checked.shades[theme] : null;
}

/**
 * The stylesheet that puts the brand colours in place of the themes' own (client/src/index.css's
 * custom properties), or "" when none is set. `html:root` and `html.dark` outrank the theme's `:root`
 * and `.dark`, wherever either stylesheet stands in the page.
 */
export function brandStylesheet({ primaryColor, accentColor }: BrandColors): string {
  const rules = (["light", "dark"] as const).map((theme) => {
    const primary = brandShade(primaryColor, theme);
    const accent = brandShade(accentColor, theme);
    const declarations = [
      ...(primary ? [`--primary:${primary.color}`, `--primary-foreground:${primary.label}`, `--ring:${primary.color}`] : []),
      ...(accent ? [`--accent:${accent.color}`] : []),
    ];
    return declarations.length === 0 ? "" : `${theme === "light" ? "html:root" : "html.dark"}{${declarations.join(";")}}`;
  });
  return rules.join("");
}
