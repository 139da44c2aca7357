import { describe, expect, it } from "vitest";
import { DEFAULT_HOME, DEFAULT_SERVICE_PAGES, newServicePageTemplate } from "./site-page-defaults";
import { BUILT_IN_SERVICE_KEYS, PAGE_SCHEMA_VERSION } from "./site-page-keys";
import { homeDocumentSchema, isSafeHref, readPageDocument, serviceDocumentSchema } from "./site-pages";

/** Every piece of text a document holds, in one string. */
const wordsOf = (document: unknown): string => JSON.stringify(document);

describe("the default pages", () => {
  it("fit their models as they are", () => {
    expect(homeDocumentSchema.parse(DEFAULT_HOME)).toEqual(DEFAULT_HOME);
    expect(Object.keys(DEFAULT_SERVICE_PAGES)).toEqual([...BUILT_IN_SERVICE_KEYS]);
    for (const document of Object.values(DEFAULT_SERVICE_PAGES)) expect(serviceDocumentSchema.parse(document)).toEqual(document);
    expect(serviceDocumentSchema.parse(newServicePageTemplate("ROOFS"))).toEqual(newServicePageTemplate("ROOFS"));
  });

  it("say SPEC's words (docs/product.md §2, §3)", () => {
    expect(DEFAULT_HOME.hero).toMatchObject({ label: "Precision Aerial Solutions", headline: "DRONE INTELLIGENCE" });
    expect(DEFAULT_HOME.hero.stats.map((stat) => stat.value)).toEqual(["10+", "99.9%", "24/7"]);
    expect(DEFAULT_HOME.missionProfiles.title).toBe("MISSION PROFILES");
    expect(DEFAULT_HOME.flightSystems.title).toBe("Advanced Flight Systems");
    expect(DEFAULT_HOME.flightSystems.items.map((item) => item.title)).toEqual(["Real-time Analytics", "Precision Navigation", "3D Mapping"]);
    expect(wordsOf(DEFAULT_HOME)).toContain("RTK-GPS centimeter-level");
    expect(DEFAULT_HOME.flightSystems.ctaLabel).toBe("REQUEST MISSION BRIEFING");

    const solar = DEFAULT_SERVICE_PAGES["solar-inspections"]!;
    expect(solar.card.subtitle).toBe("Thermal & Visual Analysis");
    expect(solar.card.specs.map((spec) => spec.value)).toEqual(["4K Ultra HD", "-40°C to 2000°C", "±2% or ±2°C", "35 minutes"]);
    expect(solar.overview.items.map((item) => item.title)).toEqual(["Thermal Analysis", "AI Reports", "Rapid Deployment"]);
    expect(solar.protocol.steps.map((step) => step.title)).toEqual(["Initial Survey", "Thermal Scanning", "Data Analysis", "Report Delivery"]);
    expect(solar.applications.items.map((item) => item.title)).toEqual([
      "Cell hotspots",
      "Cracked cells",
      "Junction box failures",
      "Diode failures",
      "PID (potential induced degradation)",
      "Shading and contamination",
    ]);
    expect(solar.packages.items.map((item) => [item.name, item.recommended])).toEqual([
      ["Basic Inspection", false],
      ["Standard Operations", true],
      ["Premium Operations", false],
    ]);
    expect(solar.packages.ctaLabel).toBe("Request Service");

    const agriculture = DEFAULT_SERVICE_PAGES["agricultural-services"]!;
    expect(agriculture.card.specs.map((spec) => spec.value)).toEqual(["200 acres/hour", "RGB + NIR", "2cm GSD", "NDVI, NDRE"]);
    expect(agriculture.overview.items.map((item) => item.title)).toEqual(["Crop Health Analysis", "NDVI Mapping", "Irrigation Analysis", "Yield Estimation"]);
    expect(agriculture.protocol.steps.map((step) => step.title)).toEqual(["Field Mapping", "Data Collection", "Analysis & Processing", "Actionable Reports"]);
    expect(agriculture.applications.items.map((item) => item.title)).toEqual([
      "Row crops",
      "Orchards and vineyards",
      "Specialty crops",
      "Rangeland",
      "Research plots",
      "Organic operations",
    ]);
    expect(agriculture.packages.items.map((item) => [item.name, item.recommended])).toEqual([
      ["Basic Analysis", false],
      ["Precision Operations", true],
      ["Premium Operations", false],
    ]);

    const media = DEFAULT_SERVICE_PAGES["photography-filming"]!;
    expect(media.card.specs.map((spec) => spec.value)).toEqual(["4K Pro Res", "48MP RAW", "3-axis stabilization", "10km LOS"]);
    expect(media.overview.items.map((item) => item.title)).toEqual(["8K Capture Systems", "Cinematic Precision", "FAA Certified", "AI Processing"]);
    expect(media.applications.items.map((item) => item.title)).toEqual(["Real Estate", "Events & Celebrations", "Commercial Projects"]);
    expect(media.equipment?.ctaLabel).toBe("Get a Quote");
    expect(media.packages.items.map((item) => [item.name, item.recommended, item.features])).toEqual([
      ["Basic Package", false, ["1-hour session", "10-15 images", "1-2 minute video"]],
      ["Professional Package", true, ["3-hour session", "25-30 images", "3-5 minute video", "Social media optimisation"]],
      ["Premium Production", false, ["Up to 8 hours", "50+ images", "Custom video", "Licensed music and voiceover options"]],
    ]);
    expect(media.packages.ctaLabel).toBe("Get Quote");

    expect(Object.values(DEFAULT_SERVICE_PAGES).map((page) => page.navLabel)).toEqual(["SOLAR", "AGRICULTURE", "MEDIA"]);
  });

  it("show no prices and no questions, as SPEC's pages do not, and promise no more than the product does", () => {
    for (const page of Object.values(DEFAULT_SERVICE_PAGES)) {
      expect(page.packages.items.every((item) => item.price === null)).toBe(true);
      expect(page.faq.items).toEqual([]);
    }
    const everything = wordsOf([DEFAULT_HOME, DEFAULT_SERVICE_PAGES]);
    expect(everything).not.toMatch(/machine-learning|AI-generated|AI-assisted report|AI fault classification|AI pipeline/i);
    expect(wordsOf(DEFAULT_SERVICE_PAGES["solar-inspections"])).toContain("temperature difference");
  });
});

describe("links in rich text", () => {
  it("go to web, mail and phone addresses and to this site's pages, nowhere else", () => {
    for (const href of ["https://example.com/a", "http://example.com", "mailto:ops@example.com", "tel:+15550100", "/solar-inspections#packages"]) {
      expect({ href, safe: isSafeHref(href) }).toEqual({ href, safe: true });
    }
    for (const href of [
      "javascript:alert(1)",
      "JAVASCRIPT:alert(1)",
      "data:text/html,x",
      "vbscript:x",
      "//evil.example",
      "/\\evil.example",
      "ftp://x",
      "solar",
    ]) {
      expect({ href, safe: isSafeHref(href) }).toEqual({ href, safe: false });
    }
  });
});

describe("reading a stored document", () => {
  it("reads one of the current model, and refuses another format or a document that no longer fits, with the reason", () => {
    expect(readPageDocument("home", DEFAULT_HOME)).toEqual({ ok: true, document: DEFAULT_HOME });
    expect(readPageDocument("home", { schemaVersion: PAGE_SCHEMA_VERSION + 1 })).toEqual({
      ok: false,
      reason: "unknown-version",
      schemaVersion: PAGE_SCHEMA_VERSION + 1,
    });
    expect(readPageDocument("home", "text")).toEqual({ ok: false, reason: "unknown-version", schemaVersion: undefined });
    expect(readPageDocument("solar-inspections", DEFAULT_HOME)).toMatchObject({ ok: false, reason: "invalid", field: "navLabel" });
  });
});
