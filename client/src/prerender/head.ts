import { escapeHtml, scriptSafeJson } from "@common/html";
import { type PageMeta, withBusinessName } from "@common/routes";
import type { SiteConfig } from "@common/site";
import { pageRoute } from "@common/site-page-keys";
import { plainText } from "@/features/marketing/components/rich-text";
import { visibleServicePages } from "@/features/marketing/content/page-documents";

/** The social card image, made at build time from the hero illustration (scripts/og-image.mjs). */
const OG_IMAGE = { path: "/og-image.png", width: 1200, height: 630, alt: "A survey drone over solar panels and fields" };

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
      itemListElement: visibleServicePages().map(({ key, head: { card } }) => ({
        "@type": "Offer",
        itemOffered: { "@type": "Service", name: card.title, description: plainText(card.description), url: `${origin}${pageRoute(key)}` },
      })),
    },
  };
  const service = visibleServicePages().find(({ key }) => pageRoute(key) === route)?.head.card;
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

function metaTags(attribute: "name" | "property", contents: Record<string, string | number>): string[] {
  return Object.entries(contents).map(([key, content]) => `<meta ${attribute}="${key}" content="${escapeHtml(String(content))}" />`);
}

/** <title>, description, canonical, Open Graph, Twitter card and JSON-LD of one page. */
export function headTags(input: HeadInput): string {
  const { route, site, origin, indexable } = input;
  const meta = withBusinessName(input.meta, site.businessName);
  const url = `${origin}${route}`;
  const image = `${origin}${OG_IMAGE.path}`;
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
      "og:image:width": OG_IMAGE.width,
      "og:image:height": OG_IMAGE.height,
      "og:image:alt": OG_IMAGE.alt,
    }),
    ...metaTags("name", {
      "twitter:card": "summary_large_image",
      "twitter:title": meta.title,
      "twitter:description": meta.description,
      "twitter:image": image,
    }),
  ];
  if (indexable) tags.push(`<script type="application/ld+json">${scriptSafeJson(structuredData({ ...input, meta }))}</script>`);
  return tags.join("\n    ");
}
