// The pages' schema.org data for search engines, as JSON-LD (docs/decisions/0062-structured-data.md):
// the business on every public page, its services' catalogue on the home page, and on a service page
// the service, its priced packages' offers and its questions.
import { NOT_FOUND_META, type PageMeta, pageMeta, routeFor } from "@common/routes";
import type { SiteConfig } from "@common/site";
import { pageRoute } from "@common/site-page-keys";
import type { ServiceDocument } from "@common/site-pages";
import { plainText } from "@/features/marketing/components/rich-text";
import { homeDocument, visibleServicePages } from "@/features/marketing/content/page-documents";
import { serviceDocument } from "@/features/marketing/content/service-documents";
import { mayBeServicePage } from "@/features/marketing/seo/page-seo";

export interface StructuredDataInput {
  route: string;
  /** The page's title and description as its <head> shows them. */
  meta: PageMeta;
  site: SiteConfig;
  origin: string;
  /** The social card's address, the business's picture. */
  image: string;
}

type Node = Record<string, unknown>;

/** Integer cents as schema.org wants a price: a decimal string in major units, never a float ("1250.00"). */
export function decimalPrice(cents: number): string {
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

const absolute = (origin: string, url: string) => (url.startsWith("/") ? `${origin}${url}` : url);

/**
 * The business. Its address is the settings' lines as they are written: they say nothing of which
 * line is the street or the town, so they stand together as the street address rather than be
 * guessed apart. The settings have no service area, so the business names none (areaServed).
 */
function business({ site, origin, image }: StructuredDataInput): Node {
  // The business is described as its home page is, on every page.
  const { description } = pageMeta(routeFor("/") ?? NOT_FOUND_META, site.businessName, homeDocument().seo);
  const node: Node = {
    "@type": "LocalBusiness",
    "@id": `${origin}/#business`,
    name: site.businessName,
    url: `${origin}/`,
    logo: site.logoUrl ? absolute(origin, site.logoUrl) : `${origin}/favicon.svg`,
    image,
    description,
    telephone: site.businessPhone,
    email: site.businessEmail,
  };
  if (site.businessAddress.length > 0) node.address = { "@type": "PostalAddress", streetAddress: site.businessAddress.join(", ") };
  if (site.socialLinks.length > 0) node.sameAs = site.socialLinks;
  return node;
}

/**
 * One Offer per package with a price: a fixed price as the offer's price, a "from" price as a price
 * specification's minimum, each counted in the package's unit where it has one. A package "on
 * request" or without a price offers nothing a search engine could show.
 */
function offers(document: ServiceDocument, url: string, currency: string): Node[] {
  return document.packages.items.flatMap(({ name, price }) => {
    if (price === null || price.kind === "on-request") return [];
    const amount = decimalPrice(price.cents);
    const unit = price.unit ? { unitText: price.unit } : {};
    const offer: Node = { "@type": "Offer", name, url, priceCurrency: currency };
    if (price.kind === "fixed") {
      offer.price = amount;
      if (price.unit) offer.priceSpecification = { "@type": "UnitPriceSpecification", price: amount, priceCurrency: currency, ...unit };
    } else {
      offer.priceSpecification = { "@type": "UnitPriceSpecification", minPrice: amount, priceCurrency: currency, ...unit };
    }
    return [offer];
  });
}

function service(document: ServiceDocument, { meta, site, origin, route }: StructuredDataInput): Node {
  const url = `${origin}${route}`;
  const node: Node = {
    "@type": "Service",
    "@id": `${url}#service`,
    name: document.card.title,
    description: meta.description,
    url,
    provider: { "@id": `${origin}/#business` },
  };
  if (document.card.subtitle) node.serviceType = document.card.subtitle;
  const priced = offers(document, url, site.currency);
  if (priced.length > 0) node.offers = priced;
  return node;
}

function faqPage(document: ServiceDocument, { origin, route }: StructuredDataInput): Node | null {
  if (document.faq.items.length === 0) return null;
  return {
    "@type": "FAQPage",
    "@id": `${origin}${route}#faq`,
    mainEntity: document.faq.items.map(({ question, answer }) => ({
      "@type": "Question",
      name: question,
      acceptedAnswer: { "@type": "Answer", text: plainText(answer) },
    })),
  };
}

/** The schema.org graph of one public page: the business everywhere; the catalogue on the home page; the service and its questions on a service page. */
export function structuredData(input: StructuredDataInput): object {
  const { route, origin } = input;
  const node = business(input);
  if (route === "/") {
    node.hasOfferCatalog = {
      "@type": "OfferCatalog",
      name: "Services",
      itemListElement: visibleServicePages().map(({ key, head: { card } }) => ({
        "@type": "Offer",
        itemOffered: { "@type": "Service", name: card.title, description: plainText(card.description), url: `${origin}${pageRoute(key)}` },
      })),
    };
  }
  const graph: Node[] = [node];
  const document = mayBeServicePage(route) ? serviceDocument(route.slice(1)) : undefined;
  if (document && !document.hidden) {
    graph.push(service(document, input));
    const faq = faqPage(document, input);
    if (faq) graph.push(faq);
  }
  return { "@context": "https://schema.org", "@graph": graph };
}
