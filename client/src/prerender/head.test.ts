import jsonld from "jsonld";
import type { RemoteDocument } from "jsonld/jsonld-spec";
import { afterEach, describe, expect, it } from "vitest";
import { ROUTES } from "@common/routes";
import { BRAND_STYLE_ELEMENT_ID, SITE_DEFAULTS, type SiteConfig } from "@common/site";
import { DEFAULT_HOME, DEFAULT_SERVICE_PAGES } from "@common/site-page-defaults";
import type { PublishedPages } from "@common/published-pages";
import { BUILT_IN_SERVICE_KEYS } from "@common/site-page-keys";
import type { HomeDocument, ServiceDocument } from "@common/site-pages";
import { setPublishedPages } from "@/features/marketing/content/published-pages";
import { decimalPrice } from "./structured-data";
import { headTags } from "./head";

const ORIGIN = "https://skyvantage.example";
const SCHEMA = "https://schema.org/";

const site: SiteConfig = {
  ...SITE_DEFAULTS,
  businessName: "Prairie Drone Works",
  businessPhone: "+1 (555) 010-2030",
  businessEmail: "hello@prairie.example",
  businessAddress: ["12 Field Road", "Saskatoon SK S7K 1A1"],
  socialLinks: ["https://www.linkedin.com/company/prairie-drone-works"],
  currency: "CAD",
};

const paragraph = (text: string) => [{ type: "paragraph" as const, runs: [{ text }] }];

const solarDefault = DEFAULT_SERVICE_PAGES["solar-inspections"]!;
const [basic, standard, premium] = solarDefault.packages.items;

/** SPEC's solar page with a price of every kind, and questions. */
const solar: ServiceDocument = {
  ...solarDefault,
  seo: { title: "Solar farm thermography in Saskatchewan", description: "" },
  packages: {
    ...solarDefault.packages,
    items: [
      { ...basic!, price: { kind: "fixed", cents: 45000, unit: "" } },
      { ...standard!, price: { kind: "from", cents: 125000, unit: "MWp" } },
      { ...premium!, price: { kind: "on-request" } },
      { ...basic!, name: "Unpriced", price: null },
    ],
  },
  faq: {
    ...solarDefault.faq,
    items: [
      { question: "How long does a 5 MWp site take?", answer: paragraph("About half a day of flying.") },
      { question: "Do you need the plant shut down?", answer: paragraph("No: we fly while it produces.") },
    ],
  },
};

/**
 * schema.org's context, kept here rather than fetched: the tests have no network, and the terms the
 * pages use all expand under its vocabulary, which is all a processor needs of the real context.
 */
const SCHEMA_CONTEXT = { "@context": { "@vocab": SCHEMA } };

async function documentLoader(url: string): Promise<RemoteDocument> {
  if (["https://schema.org", "https://schema.org/", "http://schema.org", "http://schema.org/"].includes(url)) {
    return { contextUrl: undefined, documentUrl: url, document: SCHEMA_CONTEXT };
  }
  throw new Error(`No network in the tests: ${url}`);
}

type Expanded = Record<string, unknown[]> & { "@id"?: string; "@type"?: string[] };

function head(route: string): string {
  const meta = (ROUTES as readonly { path: string; title: string; description: string }[]).find((entry) => entry.path === route)!;
  return headTags({ route, meta, site, origin: ORIGIN, indexable: true });
}

/** The page's JSON-LD as a JSON-LD processor reads it: its nodes, each property a full IRI. */
async function expandedGraph(html: string): Promise<Expanded[]> {
  const scripts = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  expect(scripts).toHaveLength(1);
  const expanded = (await jsonld.expand(JSON.parse(scripts[0]![1]!), { documentLoader })) as Expanded[];
  expect(expanded.length).toBeGreaterThan(0);
  return expanded;
}

const ofType = (nodes: Expanded[], type: string) => nodes.filter((node) => node["@type"]?.includes(SCHEMA + type));
const values = (node: Expanded | undefined, property: string) => (node?.[SCHEMA + property] ?? []) as Expanded[];
const value = (node: Expanded | undefined, property: string) => values(node, property)[0]?.["@value"];

afterEach(() => setPublishedPages(null));

/** What a page carries once pages were published (common/published-pages.ts): the service pages' heads, and here both documents the tests read. */
function carried(home: HomeDocument, solarPage: ServiceDocument): PublishedPages {
  const services = BUILT_IN_SERVICE_KEYS.map((key) => {
    const { schemaVersion, navLabel, hidden, card } = key === "solar-inspections" ? solarPage : DEFAULT_SERVICE_PAGES[key]!;
    return { key, head: { schemaVersion, navLabel, hidden, card } };
  });
  return { services, documents: { home, "solar-inspections": solarPage } };
}

describe("the pages' JSON-LD, expanded by a JSON-LD processor", () => {
  it("the home page: the business with its contact details, address, social profiles and the services' catalogue", async () => {
    setPublishedPages(carried(DEFAULT_HOME, solar));
    const nodes = await expandedGraph(head("/"));
    const [business] = ofType(nodes, "LocalBusiness");
    expect(business?.["@id"]).toBe(`${ORIGIN}/#business`);
    expect(value(business, "name")).toBe("Prairie Drone Works");
    expect(value(business, "telephone")).toBe(site.businessPhone);
    expect(value(business, "email")).toBe(site.businessEmail);
    expect(value(business, "logo")).toBe(`${ORIGIN}/favicon.svg`);
    expect(values(business, "sameAs").map((link) => link["@value"])).toEqual(site.socialLinks);
    const [address] = values(business, "address");
    expect(address?.["@type"]).toEqual([`${SCHEMA}PostalAddress`]);
    expect(value(address, "streetAddress")).toBe("12 Field Road, Saskatoon SK S7K 1A1");
    expect(values(business, "areaServed")).toEqual([]);
    const [catalog] = values(business, "hasOfferCatalog");
    const services = values(catalog, "itemListElement").map((offer) => value(values(offer, "itemOffered")[0], "name"));
    expect(services).toEqual(["Solar Inspections", "Agricultural Monitoring", "Photography & Filming"]);
    expect(ofType(nodes, "Service")).toEqual([]);
  });

  it("a service page: the service with an Offer per priced package, and its questions as an FAQPage", async () => {
    setPublishedPages(carried(DEFAULT_HOME, solar));
    const nodes = await expandedGraph(head("/solar-inspections"));
    expect(value(ofType(nodes, "LocalBusiness")[0], "telephone")).toBe(site.businessPhone);
    const [service] = ofType(nodes, "Service");
    expect(value(service, "name")).toBe("Solar Inspections");
    expect(values(service, "provider")[0]?.["@id"]).toBe(`${ORIGIN}/#business`);

    const offers = values(service, "offers");
    expect(offers.map((offer) => offer["@type"])).toEqual([[`${SCHEMA}Offer`], [`${SCHEMA}Offer`]]);
    expect(offers.map((offer) => value(offer, "name"))).toEqual([basic!.name, standard!.name]);
    expect(value(offers[0], "price")).toBe("450.00");
    expect(value(offers[0], "priceCurrency")).toBe("CAD");
    const from = values(offers[1], "priceSpecification")[0];
    expect(value(from, "minPrice")).toBe("1250.00");
    expect(value(from, "unitText")).toBe("MWp");
    expect(value(offers[1], "price")).toBeUndefined();

    const [faq] = ofType(nodes, "FAQPage");
    const questions = values(faq, "mainEntity");
    expect(questions.map((question) => value(question, "name"))).toEqual(solar.faq.items.map(({ question }) => question));
    expect(value(values(questions[0], "acceptedAnswer")[0], "text")).toBe("About half a day of flying.");
  });

  it("a service page without prices or questions has no Offer and no FAQPage", async () => {
    const nodes = await expandedGraph(head("/solar-inspections"));
    expect(values(ofType(nodes, "Service")[0], "offers")).toEqual([]);
    expect(ofType(nodes, "FAQPage")).toEqual([]);
  });

  it("names the logo from the settings when there is one, and leaves out an address and profiles the business has not given", async () => {
    const html = headTags({
      route: "/",
      meta: ROUTES[0],
      site: { ...SITE_DEFAULTS, logoUrl: "/api/site/logo-0123456789abcdef.png" },
      origin: ORIGIN,
      indexable: true,
    });
    const [business] = ofType(await expandedGraph(html), "LocalBusiness");
    expect(value(business, "logo")).toBe(`${ORIGIN}/api/site/logo-0123456789abcdef.png`);
    expect(values(business, "address")).toEqual([]);
    expect(values(business, "sameAs")).toEqual([]);
  });

  it("keeps text that would close the script as text", async () => {
    setPublishedPages(carried(DEFAULT_HOME, { ...solar, faq: { ...solar.faq, items: [{ question: "</script><b>x", answer: paragraph("y") }] } }));
    const html = head("/solar-inspections");
    expect(html).not.toContain("</script><b>");
    const [faq] = ofType(await expandedGraph(html), "FAQPage");
    expect(value(values(faq, "mainEntity")[0], "name")).toBe("</script><b>x");
  });
});

describe("a page's title and description", () => {
  const tag = (html: string, pattern: RegExp) => pattern.exec(html)?.[1];

  it("are its document's own where the owner wrote them, in the <title>, Open Graph and Twitter tags alike", () => {
    setPublishedPages(carried(DEFAULT_HOME, { ...solar, seo: { title: "Solar <thermography>", description: "Hot spots found" } }));
    const html = head("/solar-inspections");
    expect(tag(html, /<title>(.*?)<\/title>/)).toBe("Solar &#60;thermography&#62;");
    expect(tag(html, /<meta property="og:title" content="(.*?)"/)).toBe("Solar &#60;thermography&#62;");
    expect(tag(html, /<meta name="twitter:title" content="(.*?)"/)).toBe("Solar &#60;thermography&#62;");
    expect(tag(html, /<meta name="description" content="(.*?)"/)).toBe("Hot spots found");
    expect(tag(html, /<meta property="og:description" content="(.*?)"/)).toBe("Hot spots found");
    expect(tag(html, /<link rel="canonical" href="(.*?)"/)).toBe(`${ORIGIN}/solar-inspections`);
  });

  it("are the route's, with the business's name, where the document leaves them empty", () => {
    setPublishedPages(carried({ ...DEFAULT_HOME, seo: { title: "", description: "" } }, solar));
    const home = head("/");
    expect(tag(home, /<title>(.*?)<\/title>/)).toBe("Prairie Drone Works | Precision Aerial Solutions");
    // The solar page's title is its own, its empty description the route's.
    const page = head("/solar-inspections");
    expect(tag(page, /<title>(.*?)<\/title>/)).toBe("Solar farm thermography in Saskatchewan");
    expect(tag(page, /<meta name="description" content="(.*?)"/)).toBe(ROUTES.find((route) => route.path === "/solar-inspections")!.description);
  });
});

describe("a page's social card", () => {
  const image = (html: string) => /<meta property="og:image" content="(.*?)"/.exec(html)?.[1];

  it("is the page's own, named by its title, so a new title is a new address", () => {
    const before = image(head("/solar-inspections"));
    expect(before).toMatch(new RegExp(`^${ORIGIN}/og/solar-inspections\\.png\\?v=[0-9a-z]+$`));
    expect(image(head("/"))).toMatch(new RegExp(`^${ORIGIN}/og/home\\.png\\?v=`));
    expect(head("/solar-inspections")).toContain(`<meta name="twitter:image" content="${before}" />`);
    setPublishedPages(carried(DEFAULT_HOME, solar));
    expect(image(head("/solar-inspections"))).not.toBe(before);
  });

  it("has a new address when the brand's colour changes, since the card is drawn in it", () => {
    const meta = ROUTES.find((route) => route.path === "/")!;
    const plain = image(headTags({ route: "/", meta, site, origin: ORIGIN, indexable: true }));
    const branded = image(headTags({ route: "/", meta, site: { ...site, primaryColor: "#0055aa" }, origin: ORIGIN, indexable: true }));
    expect(branded).toMatch(new RegExp(`^${ORIGIN}/og/home\\.png\\?v=`));
    expect(branded).not.toBe(plain);
  });

  it("is the crop of the hero's picture where the page shows one, with its size and the picture's alt text", () => {
    const token = "0123456789abcdef0123456789abcdef";
    const picture = { image: { token, width: 1600, height: 1067 }, alt: "Rows of panels at dawn" };
    setPublishedPages(carried({ ...DEFAULT_HOME, hero: { ...DEFAULT_HOME.hero, picture } }, { ...solar, hero: { ...solar.hero, picture } }));
    for (const route of ["/", "/solar-inspections"]) {
      const html = head(route);
      expect(image(html)).toBe(`${ORIGIN}/api/site/images/${token}-og.jpg`);
      expect(html).toContain(`<meta property="og:image:width" content="1200" />`);
      expect(html).toContain(`<meta property="og:image:height" content="630" />`);
      expect(html).toContain(`<meta property="og:image:alt" content="Rows of panels at dawn" />`);
    }
    // The other pages keep their generated card.
    expect(image(head("/agricultural-services"))).toMatch(new RegExp(`^${ORIGIN}/og/agricultural-services\\.png\\?v=`));
  });

  it("is the build's for a page that is not indexed", () => {
    const html = headTags({ route: "/login", meta: ROUTES.find((route) => route.path === "/login")!, site, origin: ORIGIN, indexable: false });
    expect(image(html)).toBe(`${ORIGIN}/og-image.png`);
  });
});

describe("decimalPrice", () => {
  it.each([
    [0, "0.00"],
    [5, "0.05"],
    [4500, "45.00"],
    [125099, "1250.99"],
    [99999999, "999999.99"],
  ])("%i cents is %s", (cents, price) => expect(decimalPrice(cents)).toBe(price));
});

describe("the brand's colours in a page's head", () => {
  const home = ROUTES.find((route) => route.path === "/")!;
  const tagsWith = (colors: { primaryColor: string | null; accentColor: string | null }) =>
    headTags({ route: "/", meta: home, site: { ...SITE_DEFAULTS, ...colors }, origin: "https://example.test", indexable: true });

  it("are absent while the themes' own are used: a fresh install's pages are as before", () => {
    expect(tagsWith({ primaryColor: null, accentColor: null })).not.toContain(BRAND_STYLE_ELEMENT_ID);
  });

  it("restyle both themes in the HTML itself, so the first paint has them", () => {
    const tags = tagsWith({ primaryColor: "#0055aa", accentColor: "#b45309" });
    expect(tags).toContain(
      `<style id="${BRAND_STYLE_ELEMENT_ID}">html:root{--primary:#0055aa;--primary-foreground:#ffffff;--ring:#0055aa;--accent:#b45309}html.dark{`,
    );
  });
});
