// @vitest-environment happy-dom
import { render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { SITE_DEFAULTS } from "@common/site";
import { setSiteConfig } from "@/lib/site-config";
import { packagePrice } from "./package-card";
import { plainText, RichText } from "./rich-text";

afterEach(() => setSiteConfig(SITE_DEFAULTS));

describe("a package's price", () => {
  it("is in the business's currency, per its unit, with 'from' for a starting price; 'On request'; or nothing", () => {
    setSiteConfig({ ...SITE_DEFAULTS, currency: "EUR" });
    expect(packagePrice({ kind: "from", cents: 125_000, unit: "MWp" })).toMatch(/^from €1,250(\.00)? per MWp$/);
    expect(packagePrice({ kind: "fixed", cents: 45_000, unit: "" })).toMatch(/^€450(\.00)?$/);
    expect(packagePrice({ kind: "on-request" })).toBe("On request");
    expect(packagePrice(null)).toBeNull();
  });
});

describe("rich text", () => {
  it("builds paragraphs, lists, emphasis and links as elements, showing markup typed into a text as text", () => {
    const { container } = render(
      <RichText
        value={[
          { type: "paragraph", runs: [{ text: "Call " }, { text: "now", emphasis: true }, { text: " or see ", link: "/solar-inspections#packages" }] },
          { type: "list", ordered: true, items: [[{ text: "<script>alert(1)</script>" }], [{ text: "the site", link: "https://example.com" }]] },
        ]}
      />,
    );
    expect(container.querySelector("em")?.textContent).toBe("now");
    expect(container.querySelector('a[href="/solar-inspections#packages"]')?.getAttribute("target")).toBeNull();
    expect(container.querySelector('a[href="https://example.com"]')?.getAttribute("rel")).toBe("noopener noreferrer");
    expect(container.querySelectorAll("ol > li")).toHaveLength(2);
    expect(container.querySelector("script")).toBeNull();
    expect(container.textContent).toContain("<script>alert(1)</script>");
  });

  it("is one paragraph with the caller's class when it has one block, and nothing when empty", () => {
    const { container } = render(<RichText value={[{ type: "paragraph", runs: [{ text: "One." }] }]} className="lead" />);
    expect(container.innerHTML).toBe('<p class="lead">One.</p>');
    expect(render(<RichText value={[]} />).container.innerHTML).toBe("");
  });

  it("reads as words alone for the page's head", () => {
    expect(
      plainText([
        { type: "paragraph", runs: [{ text: "A " }, { text: "b", emphasis: true }] },
        { type: "list", ordered: false, items: [[{ text: "c" }]] },
      ]),
    ).toBe("A b c");
  });
});
