import { escapeHtml, scriptSafeJson } from "@common/html";
import { type PageMeta, pageMeta } from "@common/routes";
import type { SiteConfig } from "@common/site";
import { OG_IMAGE_HEIGHT, OG_IMAGE_WIDTH, siteImageUrls } from "@common/site-images";
import { HOME_PAGE_KEY } from "@common/site-page-keys";
import { homeDocument } from "@/features/marketing/content/page-documents";
import { serviceDocument } from "@/features/marketing/content/service-documents";
import { mayBeServicePage } from "@/features/marketing/seo/page-seo";
import { structuredData } from "./structured-data";
import { brandStylesheet } from "@common/brand";
import { BRAND_STYLE_ELEMENT_ID } from "@common/site";

/** The social card image, made at build time from the hero illustration (scripts/og-image.mjs). */
const OG_IMAGE = { path: "/og-image.png", width: 1200, height: 630, alt: "A survey drone over solar panels and fields" };

/** A short hash (FNV-1a, 32 bits) of a card's text and colour: a new title, name or brand colour is a new address, so a card may be cached. */
function textHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  return (hash >>> 0).toString(36);
}

/**
 * A public page's own card (server/site/og-card.ts): the build's with the page's title and the
 * business's name over it, in the brand's colour. Pages that are not indexed share the build's.
 */
function cardPath(route: string, title: string, { businessName, primaryColor }: SiteConfig, indexable: boolean): string {
  if (!indexable) return OG_IMAGE.path;
  return `/og/${route === "/" ? HOME_PAGE_KEY : route.slice(1)}.png?v=${textHash(`${title}\n${businessName}\n${primaryColor ?? ""}`)}`;
}

export interface HeadInput {
  route: string;
  /** The route's own title and description; the page's document may say its own (common/routes.ts pageMeta decides). */
  meta: PageMeta;
  site: SiteConfig;
  /** The site's public origin, or a marker the server replaces with it. */
  origin: string;
  /** Public pages are indexed; the others (accounts, back office, 404) are not. */
  indexable: boolean;
}

function metaTags(attribute: "name" | "property", contents: Record<string, string | number>): string[] {
  return Object.entries(contents).map(([key, content]) => `<meta ${attribute}="${key}" content="${escapeHtml(String(content))}" />`);
}

/** <title>, description, canonical, Open Graph, Twitter card and JSON-LD of one page. */
export function headTags(input: HeadInput): string {
  const { route, site, origin, indexable } = input;
  // As the tab decides it after navigation (client/src/app/layout/document-meta.tsx).
  const document = route === "/" ? homeDocument() : mayBeServicePage(route) ? serviceDocument(route.slice(1)) : undefined;
  const meta = pageMeta(input.meta, site.businessName, document?.seo);
  const url = `${origin}${route}`;
  // A page whose hero shows the owner's picture shares its 1200 × 630 crop, made at upload
  // (docs/decisions/0065-page-images.md); the others their generated card.
  const picture = indexable ? document?.hero.picture : undefined;
  const card = picture
    ? { path: siteImageUrls.og(picture.image.token), width: OG_IMAGE_WIDTH, height: OG_IMAGE_HEIGHT, alt: picture.alt }
    : { ...OG_IMAGE, path: cardPath(route, meta.title, site, indexable) };
  const image = `${origin}${card.path}`;
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    ...metaTags("name", { description: meta.description }),
    indexable ? `<link rel="canonical" href="${escapeHtml(url)}" />` : `<meta name="robots" content="noindex" />`,
    ...metaTags("property", {
      "og:type": "website",
      "og:site_name": site.businessName,
      "og:title": meta.title,
      "og:description": meta.description,
      "og:url": url,
      "og:image": image,
      "og:image:width": card.width,
      "og:image:height": card.height,
      "og:image:alt": card.alt,
    }),
    ...metaTags("name", {
      "twitter:card": "summary_large_image",
      "twitter:title": meta.title,
      "twitter:description": meta.description,
      "twitter:image": image,
    }),
  ];
  // In the HTML itself, so the first paint has the brand's colours; the policy's style-src takes
  // inline styles, as it takes the pages' own inlined stylesheet (scripts/prerender.mjs).
  const brand = brandStylesheet(site);
  if (brand) tags.push(`<style id="${BRAND_STYLE_ELEMENT_ID}">${brand}</style>`);
  if (indexable) tags.push(`<script type="application/ld+json">${scriptSafeJson(structuredData({ route, meta, site, origin, image }))}</script>`);
  return tags.join("\n    ");
}
