import { describe, expect, it } from "vitest";
import { DEFAULT_HOME, DEFAULT_SERVICE_PAGES, newServicePageTemplate } from "@common/site-page-defaults";
import { type HomeDocument, homeDocumentSchema, type ServiceDocument, serviceDocumentSchema, sitePageMessages } from "@common/site-pages";
import { DOLLARS_MESSAGE } from "../money-input";
import {
  documentOf,
  emptyCard,
  emptyEquipment,
  emptyGallery,
  fieldOf,
  type HomeValues,
  LIMITS,
  PAGE_ICONS,
  type ServiceValues,
  shownFields,
  valuesOf,
} from "./page-form-values";

const SOLAR = DEFAULT_SERVICE_PAGES["solar-inspections"]!;
const PHOTOGRAPHY = DEFAULT_SERVICE_PAGES["photography-filming"]!;
const solarValues = () => valuesOf("solar-inspections", SOLAR) as ServiceValues;

describe("the page form's values", () => {
  it("sends a document unchanged when nothing was changed", () => {
    expect(documentOf("home", DEFAULT_HOME, valuesOf("home", DEFAULT_HOME))).toEqual({ document: DEFAULT_HOME, errors: {} });
    for (const [key, page] of [...Object.entries(DEFAULT_SERVICE_PAGES), ["roofs", newServicePageTemplate("Roofs")] as const]) {
      expect(documentOf(key, page, valuesOf(key, page))).toEqual({ document: page, errors: {} });
    }
    const withSeo: ServiceDocument = { ...SOLAR, seo: { title: "Solar inspections near you", description: "" } };
    expect(documentOf("solar-inspections", withSeo, valuesOf("solar-inspections", withSeo)).document).toEqual(withSeo);
  });

  it("puts every section's fields into the document: navigation, card, overview, protocol, applications, equipment, gallery and search", () => {
    const values = solarValues();
    const [first, second] = values.protocol.steps;
    const edited: ServiceValues = {
      ...values,
      seo: { title: "Solar inspections | Acme Drones", description: "" },
      navLabel: "PV",
      hidden: true,
      card: { ...values.card, subtitle: "Thermal only", specs: [...values.card.specs.slice(1), { label: "Range", value: "5 km" }] },
      overview: {
        ...values.overview,
        title: "What we find",
        items: [...values.overview.items, { ...emptyCard(), icon: "leaf", title: "Vegetation", points: "Trees\n\n Weeds " }],
      },
      protocol: {
        ...values.protocol,
        steps: [second!, { ...first!, description: "Plan the *flight*, see [our checklist](/solar-inspections#faq)." }, ...values.protocol.steps.slice(2)],
      },
      applications: { ...values.applications, items: values.applications.items.slice(1) },
      equipment: { ...emptyEquipment(), title: "Our fleet", panelTitle: "Matrice 350", ctaLabel: "Book", specs: [{ label: "Camera", value: "H20T" }] },
      gallery: { ...emptyGallery(), title: "Recent missions", text: "Photos from the field." },
    };
    const { document, errors } = documentOf("solar-inspections", SOLAR, edited);
    expect(errors).toEqual({});
    const sent = serviceDocumentSchema.parse(document);
    expect(sent.seo).toEqual({ title: "Solar inspections | Acme Drones", description: "" });
    expect(sent.navLabel).toBe("PV");
    expect(sent.hidden).toBe(true);
    expect(sent.card).toEqual({ ...SOLAR.card, subtitle: "Thermal only", specs: [...SOLAR.card.specs.slice(1), { label: "Range", value: "5 km" }] });
    expect(sent.overview.items.at(-1)).toEqual({ icon: "leaf", title: "Vegetation", description: [], points: ["Trees", "Weeds"] });
    expect(sent.protocol.steps[0]).toEqual(SOLAR.protocol.steps[1]);
    expect(sent.protocol.steps[1]!.description).toEqual([
      {
        type: "paragraph",
        runs: [
          { text: "Plan the " },
          { text: "flight", emphasis: true },
          { text: ", see " },
          { text: "our checklist", link: "/solar-inspections#faq" },
          { text: "." },
        ],
      },
    ]);
    expect(sent.applications.items).toEqual(SOLAR.applications.items.slice(1));
    expect(sent.equipment).toMatchObject({
      label: "Equipment",
      title: "Our fleet",
      intro: [],
      panelTitle: "Matrice 350",
      specs: [{ label: "Camera", value: "H20T" }],
    });
    expect(sent.gallery).toEqual({
      label: "Gallery",
      title: "Recent missions",
      intro: [],
      text: [{ type: "paragraph", runs: [{ text: "Photos from the field." }] }],
      linkLabel: "View our gallery",
    });
    const removed = documentOf("photography-filming", PHOTOGRAPHY, {
      ...(valuesOf("photography-filming", PHOTOGRAPHY) as ServiceValues),
      equipment: null,
      gallery: null,
    });
    expect(removed.document).toMatchObject({ equipment: null, gallery: null });
  });

  it("puts the home page's Mission Profiles, flight systems and search fields into the document", () => {
    const values = valuesOf("home", DEFAULT_HOME) as HomeValues;
    const [first, second, third] = values.flightSystems.items;
    const { document, errors } = documentOf("home", DEFAULT_HOME, {
      ...values,
      seo: { title: "", description: "Drones for solar and farms" },
      missionProfiles: { eyebrow: "// What we do", title: "MISSIONS", intro: "Two *flight* programmes." },
      flightSystems: { ...values.flightSystems, items: [third!, first!, { ...second!, icon: "map", title: "RTK" }], ctaLabel: "TALK TO US" },
    });
    expect(errors).toEqual({});
    const sent = homeDocumentSchema.parse(document) as HomeDocument;
    expect(sent.seo).toEqual({ title: "", description: "Drones for solar and farms" });
    expect(sent.missionProfiles).toEqual({
      eyebrow: "// What we do",
      title: "MISSIONS",
      intro: [{ type: "paragraph", runs: [{ text: "Two " }, { text: "flight", emphasis: true }, { text: " programmes." }] }],
    });
    const [a, b, c] = DEFAULT_HOME.flightSystems.items;
    expect(sent.flightSystems.items).toEqual([c, a, { ...b, icon: "map", title: "RTK" }]);
    expect(sent.flightSystems.ctaLabel).toBe("TALK TO US");
  });

  it("names a link the model refuses, a title too long for search engines and an empty step title by their fields", () => {
    const values = solarValues();
    const steps = values.protocol.steps.map((step, index) => (index === 2 ? { ...step, title: "", description: "Run [this](javascript:alert(1))" } : step));
    const { errors } = documentOf("solar-inspections", SOLAR, {
      ...values,
      seo: { title: "x".repeat(71), description: "" },
      protocol: { ...values.protocol, steps },
    });
    expect(errors).toEqual({
      "seo.title": sitePageMessages.tooLong("The page's title", 70),
      "protocol.steps.2.title": sitePageMessages.required("The step's title"),
      "protocol.steps.2.description": sitePageMessages.href,
    });
    for (const field of Object.keys(errors)) expect(shownFields({ ...values, protocol: { ...values.protocol, steps } }).has(field)).toBe(true);
  });

  it("keeps the limits the form enforces equal to the model's, and offers the model's icons", () => {
    const fill = <T>(count: number, item: T) => Array.from({ length: count }, () => item);
    const card = SOLAR.overview.items[0]!;
    const spec = { label: "A", value: "B" };
    const lists: [keyof typeof LIMITS, (count: number) => unknown, "home" | "service"][] = [
      ["stats", (n) => ({ ...DEFAULT_HOME, hero: { ...DEFAULT_HOME.hero, stats: fill(n, { value: "1", label: "A" }) } }), "home"],
      [
        "flightSystems",
        (n) => ({ ...DEFAULT_HOME, flightSystems: { ...DEFAULT_HOME.flightSystems, items: fill(n, DEFAULT_HOME.flightSystems.items[0]) } }),
        "home",
      ],
      ["cardSpecs", (n) => ({ ...SOLAR, card: { ...SOLAR.card, specs: fill(n, spec) } }), "service"],
      ["overview", (n) => ({ ...SOLAR, overview: { ...SOLAR.overview, items: fill(n, card) } }), "service"],
      ["steps", (n) => ({ ...SOLAR, protocol: { ...SOLAR.protocol, steps: fill(n, SOLAR.protocol.steps[0]) } }), "service"],
      ["applications", (n) => ({ ...SOLAR, applications: { ...SOLAR.applications, items: fill(n, card) } }), "service"],
      ["points", (n) => ({ ...SOLAR, overview: { ...SOLAR.overview, items: [{ ...card, points: fill(n, "A point") }] } }), "service"],
      ["equipmentSpecs", (n) => ({ ...PHOTOGRAPHY, equipment: { ...PHOTOGRAPHY.equipment!, specs: fill(n, spec) } }), "service"],
      ["packages", (n) => ({ ...SOLAR, packages: { ...SOLAR.packages, items: fill(n, SOLAR.packages.items[0]) } }), "service"],
      ["faq", (n) => ({ ...SOLAR, faq: { ...SOLAR.faq, items: fill(n, { question: "Q?", answer: [] }) } }), "service"],
    ];
    for (const [limit, documentWith, kind] of lists) {
      const schema = kind === "home" ? homeDocumentSchema : serviceDocumentSchema;
      expect(schema.safeParse(documentWith(LIMITS[limit])).success, limit).toBe(true);
      expect(schema.safeParse(documentWith(LIMITS[limit] + 1)).success, limit).toBe(false);
    }
    expect(PAGE_ICONS).toContain("thermometer-sun");
    expect(serviceDocumentSchema.shape.overview.shape.items.element.shape.icon.safeParse(PAGE_ICONS.at(-1)).success).toBe(true);
  });

  it("names an amount it cannot read and a field the model refuses by their paths", () => {
    const values = valuesOf("solar-inspections", SOLAR) as ServiceValues;
    const packages = values.packages.map((item, index) => (index === 1 ? { ...item, price: "fixed" as const, amount: "12,5.0.0" } : item));
    const { errors } = documentOf("solar-inspections", SOLAR, { ...values, headline: "", packages });
    expect(errors).toEqual({ "hero.headline": "The headline is required", "packages.items.1.price.cents": DOLLARS_MESSAGE });
  });

  it("reads the server's paths as the form's fields: a rich text or a list of lines is one field", () => {
    expect(fieldOf("document.hero.headline")).toBe("hero.headline");
    expect(fieldOf("document.hero.intro.0.runs.1.text")).toBe("hero.intro");
    expect(fieldOf("document.faq.items.2.answer.0.runs.0.link")).toBe("faq.items.2.answer");
    expect(fieldOf("document.packages.items.0.features.3")).toBe("packages.items.0.features");
    expect(fieldOf("document.packages.items.0.price.kind")).toBe("packages.items.0.price");
    expect(fieldOf("document.overview.items.0.title")).toBe("overview.items.0.title");
    expect(fieldOf("document.flightSystems.items.1.text.0.runs.0.text")).toBe("flightSystems.items.1.text");
    expect(fieldOf("document.overview.items.0.points.2")).toBe("overview.items.0.points");
    expect(fieldOf("document.seo.description")).toBe("seo.description");
    expect(shownFields(valuesOf("solar-inspections", SOLAR)).has("overview.items.0.title")).toBe(true);
    expect(shownFields(valuesOf("solar-inspections", SOLAR)).has("equipment.panelTitle")).toBe(false);
    expect(shownFields(valuesOf("photography-filming", PHOTOGRAPHY)).has("equipment.panelTitle")).toBe(true);
    expect(shownFields(valuesOf("solar-inspections", SOLAR)).has("schemaVersion")).toBe(false);
    expect(shownFields(valuesOf("home", DEFAULT_HOME)).has("hero.stats.0.value")).toBe(true);
  });
});
