import { describe, expect, it } from "vitest";
import { DEFAULT_HOME, DEFAULT_SERVICE_PAGES } from "@common/site-page-defaults";
import { DOLLARS_MESSAGE } from "../money-input";
import { documentOf, fieldOf, type ServiceValues, shownFields, valuesOf } from "./page-form-values";

const SOLAR = DEFAULT_SERVICE_PAGES["solar-inspections"]!;

describe("the page form's values", () => {
  it("sends a document unchanged when nothing was changed", () => {
    expect(documentOf("home", DEFAULT_HOME, valuesOf("home", DEFAULT_HOME))).toEqual({ document: DEFAULT_HOME, errors: {} });
    expect(documentOf("solar-inspections", SOLAR, valuesOf("solar-inspections", SOLAR))).toEqual({ document: SOLAR, errors: {} });
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
    expect(shownFields(valuesOf("solar-inspections", SOLAR)).has("overview.items.0.title")).toBe(false);
    expect(shownFields(valuesOf("home", DEFAULT_HOME)).has("hero.stats.0.value")).toBe(true);
  });
});
