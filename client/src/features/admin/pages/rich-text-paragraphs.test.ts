import { describe, expect, it } from "vitest";
import type { RichText } from "@common/site-pages";
import { paragraphsOf, richTextFrom } from "./rich-text-paragraphs";

const rich: RichText = [
  { type: "paragraph", runs: [{ text: "Thermal " }, { text: "and RGB", emphasis: true }, { text: " surveys." }] },
  { type: "list", ordered: false, items: [[{ text: "Hot spots" }], [{ text: "Soiling", link: "/solar-inspections#faq" }]] },
];

describe("rich text as the editor's paragraphs", () => {
  it("shows a paragraph per block, a blank line between, a list's items one per line", () => {
    expect(paragraphsOf(rich)).toBe("Thermal and RGB surveys.\n\nHot spots\nSoiling");
    expect(paragraphsOf([])).toBe("");
  });

  it("keeps the loaded text, its emphasis, links and lists, when the paragraphs were not changed", () => {
    expect(richTextFrom(paragraphsOf(rich), rich)).toBe(rich);
  });

  it("reads typed text as paragraphs of plain text, a line break inside one a space, empty blocks dropped", () => {
    expect(richTextFrom("  First line\nsecond line \n\n\n  \n\nNext  ", rich)).toEqual([
      { type: "paragraph", runs: [{ text: "First line second line" }] },
      { type: "paragraph", runs: [{ text: "Next" }] },
    ]);
    expect(richTextFrom(" \n ")).toEqual([]);
  });
});
