import { existsSync } from "node:fs";
import path from "node:path";
import type { FastifyPluginAsync } from "fastify";
import sharp from "sharp";
import { brandShade } from "@common/brand";
import { escapeHtml } from "@common/html";
import { NOT_FOUND_META, pageMeta, routeFor } from "@common/routes";
import { BUILT_IN_SERVICE_KEYS, HOME_PAGE_KEY, pageRoute } from "@common/site-page-keys";
import type { PublishedSite } from "../site-pages/pages";
import type { SiteNow } from "./render-pages";

// A social card per public page (Open Graph, Twitter): the build's card (scripts/og-image.mjs, the
// hero illustration on the dark background) with the page's title and the business's name over it,
// so a shared link shows which page it is. Link previews do not show SVG, so it is drawn to PNG.

const WIDTH = 1200;
const HEIGHT = 630;
const BACKGROUND = "#05070d"; // the dark theme's background, as the build's card
const PRIMARY = "#22d3ee"; // the dark theme's primary, as client/src/index.css, when the business has no brand colour
/** The title's lines: wide enough for the longest of SPEC's titles in three lines at this size. */
const LINE_CHARS = 26;
const MAX_LINES = 4;

/** The title cut into lines at spaces, the last one ended with an ellipsis when it does not fit. */
export function titleLines(title: string): string[] {
  const lines: string[] = [];
  for (const word of title.split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= LINE_CHARS) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word.length > LINE_CHARS ? `${word.slice(0, LINE_CHARS - 1)}…` : word);
  }
  if (lines.length > MAX_LINES) lines.splice(MAX_LINES - 1, lines.length, `${lines[MAX_LINES - 1]!.slice(0, LINE_CHARS - 1)}…`);
  return lines;
}

/** The title without the business's name before or after it ("Solar | SkyVantage"): the card names the business above it. */
export function withoutName(title: string, businessName: string): string {
  const bare = title.startsWith(`${businessName} | `)
    ? title.slice(businessName.length + 3)
    : title.endsWith(` | ${businessName}`)
      ? title.slice(0, -businessName.length - 3)
      : title;
  return bare.trim() || title;
}

/**
 * The colour of the card's rule and name: the brand's primary as the dark theme shows it (the card's
 * ground is the dark theme's), so it reads as the site does (common/brand.ts).
 */
export const cardColor = (primaryColor: string | null): string => brandShade(primaryColor, "dark")?.color ?? PRIMARY;

/** The text layer: a shade over the left of the card for contrast, the business's name in the brand's colour, the title. */
function overlay(title: string, businessName: string, color: string): string {
  const lines = titleLines(title);
  const text = lines.map((line, index) => `<tspan x="72" dy="${index === 0 ? 0 : 72}">${escapeHtml(line)}</tspan>`).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
  <defs><linearGradient id="shade" x1="0" x2="1" y1="0" y2="0"><stop offset="0" stop-color="${BACKGROUND}" stop-opacity="0.94"/><stop offset="0.62" stop-color="${BACKGROUND}" stop-opacity="0.8"/><stop offset="1" stop-color="${BACKGROUND}" stop-opacity="0"/></linearGradient></defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#shade)"/>
  <rect x="72" y="96" width="96" height="6" fill="${color}"/>
  <text x="72" y="160" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="34" font-weight="bold" fill="${color}" letter-spacing="3">${escapeHtml(businessName.toUpperCase())}</text>
  <text x="72" y="${HEIGHT - 96 - (lines.length - 1) * 72}" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="60" font-weight="bold" fill="#ffffff">${text}</text>
</svg>`;
}

/** The card of one page as PNG: over the build's card where there is one, else over the plain background. */
async function drawCard(title: string, businessName: string, color: string, baseCard: string | undefined): Promise<Buffer> {
  const base = baseCard ? sharp(baseCard) : sharp({ create: { width: WIDTH, height: HEIGHT, channels: 4, background: BACKGROUND } });
  return base
    .composite([{ input: Buffer.from(overlay(title, businessName, color)), top: 0, left: 0 }])
    .png({ compressionLevel: 9, palette: true })
    .toBuffer();
}

const isServiceRoute = (route: string) => BUILT_IN_SERVICE_KEYS.some((key) => pageRoute(key) === route);

/** The title a page's card shows: the one its <head> shows (common/routes.ts pageMeta), or undefined for a page not on the site. */
function cardTitle({ site }: SiteNow, published: PublishedSite, key: string): string | undefined {
  const route = pageRoute(key);
  if (key === HOME_PAGE_KEY) return pageMeta(routeFor(route)!, site.businessName, published.home.seo).title;
  const document = published.services.find((service) => service.key === key)?.document;
  const entry = routeFor(route);
  // A service page hidden, or added and not published, has no card; the other public pages (the gallery) have their route's.
  if (!document && (!entry?.public || pageRoute(key) !== entry.path || isServiceRoute(route))) return undefined;
  return pageMeta(entry ?? { ...NOT_FOUND_META, title: document!.card.title }, site.businessName, document?.seo).title;
}

/**
 * GET /og/{key}.png — anyone: a public page's social card, drawn on first ask for its title and kept
 * while the title, the business's name and its colour stay. The pages name it with a short hash of those, so a
 * change is a new address and the card may be cached a day.
 */
export const ogCardRoutes: FastifyPluginAsync<{
  clientDir: string | undefined;
  site: () => Promise<SiteNow>;
  published: () => Promise<PublishedSite>;
}> = async (app, { clientDir, site, published }) => {
  const builtCard = clientDir ? path.join(clientDir, "og-image.png") : undefined;
  const baseCard = builtCard && existsSync(builtCard) ? builtCard : undefined;
  const drawn = new Map<string, { text: string; png: Promise<Buffer> }>();

  app.get<{ Params: { key: string } }>("/og/:key.png", async (request, reply) => {
    const { key } = request.params;
    const [current, pages] = await Promise.all([site(), published()]);
    const title = /^[a-z0-9-]{1,40}$/.test(key) ? cardTitle(current, pages, key) : undefined;
    if (title === undefined) return reply.code(404).type("text/plain; charset=utf-8").send("No such page");
    const { businessName, primaryColor } = current.site;
    const color = cardColor(primaryColor);
    const text = `${title}\n${businessName}\n${color}`;
    let card = drawn.get(key);
    if (card?.text !== text) {
      card = { text, png: drawCard(withoutName(title, businessName), businessName, color, baseCard) };
      drawn.set(key, card);
    }
    return reply
      .header("cache-control", "public, max-age=86400")
      .type("image/png")
      .send(await card.png);
  });
};
