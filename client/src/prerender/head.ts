import { escapeHtml, scriptSafeJson } from "@common/html";
import type { PageMeta } from "@common/routes";
import type { SiteConfig } from "@common/site";
import { SERVICE_CARDS } from "@/features/marketing/home/service-cards";

/** The social card image, made at build time from the hero illustration (scripts/og-image.mjs). */
const OG_IMAGE = { path: "/og-image.png", width: 1200, height: 630, alt: "A SkyVantage survey drone over solar panels and fields" };

export interface HeadInput {
  route: string;
  meta: PageMeta;
  site: SiteConfig;
  /** The site's public origin, or a marker the server replaces with it. */
  origin: string;
  /** Public pages are indexed; the others (accounts, back office, 404) are not. */
  indexable: boolean;
}

/** schema.org data for search engines: the business on every page, and the service a page sells. */
function structuredData({ route, meta, site, origin }: HeadInput): object {
  const business = {
    "@type": "ProfessionalService",
    "@id": `${origin}/#business`,
    name: site.businessName,
    url: `${origin}/`,
    logo: `${origin}/favicon.svg`,
    image: `${origin}${OG_IMAGE.path}`,
    description: "Drone solar inspections, agricultural monitoring, and aerial photography and filming.",
    telephone: site.businessPhone,
    email: site.businessEmail,
    hasOfferCatalog: {
      "@type": "OfferCatalog",
      name: "Drone services",
      itemListElement: SERVICE_CARDS.map((card) => ({
        "@type": "Offer",
        itemOffered: { "@type": "Service", name: card.title, description: card.description, url: `${origin}${card.link}` },
      })),
    },
  };
  const service = SERVICE_CARDS.find((card) => card.link === route);
  const graph: object[] = [business];
  if (service) {
    graph.push({
      "@type": "Service",
      name: service.title,
      serviceType: service.subtitle,
      description: meta.description,
      url: `${origin}${route}`,
      provider: { "@id": `${origin}/#business` },
    });
  }
  return { "@context": "https://schema.org", "@graph": graph };
}

/** <title>, description, canonical, Open Graph, Twitter card and JSON-LD of one page. */
export function headTags(input: HeadInput): string {
  const { route, meta, site, origin, indexable } = input;
  const title = escapeHtml(meta.title);
  const description = escapeHtml(meta.description);
  const url = escapeHtml(`${origin}${route}`);
  const image = escapeHtml(`${origin}${OG_IMAGE.path}`);
  const tags = [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    indexable ? `<link rel="canonical" href="${url}" />` : `<meta name="robots" content="noindex" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(site.businessName)}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${url}" />`,
    `<meta property="og:image" content="${image}" />`,
    `<meta property="og:image:width" content="${OG_IMAGE.width}" />`,
    `<meta property="og:image:height" content="${OG_IMAGE.height}" />`,
    `<meta property="og:image:alt" content="${escapeHtml(OG_IMAGE.alt)}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
    `<meta name="twitter:image" content="${image}" />`,
  ];
  if (indexable) tags.push(`<script type="application/ld+json">${scriptSafeJson(structuredData(input))}</script>`);
  return tags.join("\n    ");
}
