import { describe, expect, it } from "vitest";
import { DEFAULT_HOME, DEFAULT_SERVICE_PAGES, newServicePageTemplate } from "@common/site-page-defaults";
import { homeDocumentSchema, type RichText, serviceDocumentSchema } from "@common/site-pages";
import { parseMarkup, printMarkup, richTextFrom } from "./rich-text-markup";

const rich: RichText = [
  {
    type: "paragraph",
    runs: [
      { text: "Thermal " },
      { text: "and RGB", emphasis: true },
      { text: " surveys, see " },
      { text: "our FAQ", link: "/solar-inspections#faq" },
      { text: "." },
    ],
  },
  { type: "list", ordered: false, items: [[{ text: "Hot spots" }], [{ text: "Soiling", link: "https://example.com/soiling", emphasis: true }]] },
  { type: "list", ordered: true, items: [[{ text: "Plan" }], [{ text: "Fly" }]] },
];

/** Every rich text in a document, found by its shape: an array of paragraph and list blocks. */
function richTexts(value: unknown, path = ""): [string, RichText][] {
  if (Array.isArray(value) && value.length > 0 && value.every((block) => block?.type === "paragraph" || block?.type === "list"))
    return [[path, value as RichText]];
  if (Array.isArray(value)) return value.flatMap((item, index) => richTexts(item, `${path}.${index}`));
  if (typeof value === "object" && value !== null) return Object.entries(value).flatMap(([key, item]) => richTexts(item, path ? `${path}.${key}` : key));
  return [];
}

describe("rich text as the editor's markup", () => {
  it("prints paragraphs between blank lines, lists with their markers, emphasis between stars and links with their address", () => {
    expect(printMarkup(rich)).toBe(
      "Thermal *and RGB* surveys, see [our FAQ](/solar-inspections#faq).\n\n- Hot spots\n- *[Soiling](https://example.com/soiling)*\n\n1. Plan\n2. Fly",
    );
    expect(printMarkup([])).toBe("");
  });

  it("reads its own print back as the same text", () => {
    expect(parseMarkup(printMarkup(rich))).toEqual(rich);
  });

  it("reads every default document's rich text back losslessly", () => {
    const documents = [
      ["home", homeDocumentSchema.parse(DEFAULT_HOME)],
      ...Object.entries(DEFAULT_SERVICE_PAGES).map(([key, page]) => [key, serviceDocumentSchema.parse(page)]),
      ["new page", serviceDocumentSchema.parse(newServicePageTemplate("Roofs"))],
    ] as const;
    let count = 0;
    for (const [key, document] of documents) {
      for (const [path, text] of richTexts(document)) {
        count += 1;
        expect(parseMarkup(printMarkup(text)), `${key} ${path}`).toEqual(text);
      }
    }
    expect(count).toBeGreaterThan(40);
  });

  it("keeps text that merely contains stars, brackets or list-like words as typed", () => {
    const typed = "5 * 3 = 15, a*b, [draft] and [not a link] (here), ** and * alone, 2*3*4, a [label](with space)";
    expect(parseMarkup(typed)).toEqual([{ type: "paragraph", runs: [{ text: typed }] }]);
    expect(parseMarkup("-5 °C at dawn\n2026. A good year")).toEqual([{ type: "paragraph", runs: [{ text: "-5 °C at dawn 2026. A good year" }] }]);
  });

  it("escapes, when printing, the words that would otherwise read as markup, and reads them back as they were", () => {
    const literal: RichText = [
      { type: "paragraph", runs: [{ text: "- not a list, *not emphasis* and [not](a-link)" }] },
      { type: "paragraph", runs: [{ text: "1. not numbered either \\ backslash" }] },
    ];
    const printed = printMarkup(literal);
    expect(printed).toBe("\\- not a list, \\*not emphasis\\* and \\[not\\](a-link)\n\n1\\. not numbered either \\ backslash");
    expect(parseMarkup(printed)).toEqual(literal);
  });

  it("joins a paragraph's lines with spaces, continues a list item on the line below, and drops empty blocks", () => {
    expect(parseMarkup("  First line\nsecond line \n\n\n  \n\nIntro:\n- one\n  more\n- *two*\n\nNext  ")).toEqual([
      { type: "paragraph", runs: [{ text: "First line second line" }] },
      { type: "paragraph", runs: [{ text: "Intro:" }] },
      { type: "list", ordered: false, items: [[{ text: "one more" }], [{ text: "two", emphasis: true }]] },
      { type: "paragraph", runs: [{ text: "Next" }] },
    ]);
    expect(parseMarkup(" \n ")).toEqual([]);
  });

  it("reads links with parentheses in their address, emphasised links and escaped brackets in a label", () => {
    expect(parseMarkup("See [Drone \\[UAV\\]](https://en.wikipedia.org/wiki/Drone_(UAV)) and *[us](tel:+15550100)*.")).toEqual([
      {
        type: "paragraph",
        runs: [
          { text: "See " },
          { text: "Drone [UAV]", link: "https://en.wikipedia.org/wiki/Drone_(UAV)" },
          { text: " and " },
          { text: "us", link: "tel:+15550100", emphasis: true },
          { text: "." },
        ],
      },
    ]);
  });

  it("prints an address with spaces or an unbalanced parenthesis percent-encoded, the same address to a browser", () => {
    const text: RichText = [{ type: "paragraph", runs: [{ text: "the plan", link: "https://example.com/site plan (v2.pdf" }] }];
    expect(printMarkup(text)).toBe("[the plan](https://example.com/site%20plan%20%28v2.pdf)");
    expect(parseMarkup(printMarkup(text))).toEqual([{ type: "paragraph", runs: [{ text: "the plan", link: "https://example.com/site%20plan%20%28v2.pdf" }] }]);
  });

  it("reads back any plain words and any link's label, whatever signs they hold", () => {
    let seed = 7;
    const random = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
    const signs = "ab *[]()\\-1.!_`x";
    const words = () =>
      Array.from({ length: 1 + Math.floor(random() * 12) }, () => signs[Math.floor(random() * signs.length)])
        .join("")
        .trim() || "w";
    for (let attempt = 0; attempt < 500; attempt++) {
      const text: RichText = [
        { type: "paragraph", runs: [{ text: words() }] },
        { type: "paragraph", runs: [{ text: `${words()} ` }, { text: words(), link: "/gallery" }, { text: ` ${words()}` }] },
        { type: "list", ordered: false, items: [[{ text: words() }]] },
      ];
      expect(parseMarkup(printMarkup(text)), printMarkup(text)).toEqual(text);
    }
  });

  it("keeps a link the model refuses as a link, so the model's reason is shown", () => {
    for (const href of ["javascript:alert(1)", "data:text/html,hi", "//evil.example"]) {
      const text = parseMarkup(`Click [here](${href})`);
      expect(text).toEqual([{ type: "paragraph", runs: [{ text: "Click " }, { text: "here", link: href }] }]);
      const checked = serviceDocumentSchema.shape.hero.shape.intro.safeParse(text);
      expect(checked.success).toBe(false);
    }
  });

  it("keeps the loaded text as it was when its markup was not changed", () => {
    const loose: RichText = [{ type: "paragraph", runs: [{ text: "A " }, { text: "b" }] }];
    expect(richTextFrom(printMarkup(loose), loose)).toBe(loose);
    expect(richTextFrom("A b!", loose)).toEqual([{ type: "paragraph", runs: [{ text: "A b!" }] }]);
  });
});
