// @vitest-environment happy-dom
import { render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { SITE_DEFAULTS } from "@common/site";
import { setSiteConfig } from "@/lib/site-config";
import { packagePrice } from "./package-card";
import { PageHero } from "./page-hero";
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

describe("a hero's uploaded picture", () => {
  const token = "0123456789abcdef0123456789abcdef";
  const intro = [{ type: "paragraph" as const, runs: [{ text: "Intro." }] }];
  const illustration = { src: "/art.svg", alt: "The illustration", width: 640, height: 400 };

  it("replaces the illustration with an img carrying srcset, sizes, its size and alt, loaded first and never lazily", () => {
    const picture = { image: { token, width: 1000, height: 1600 }, alt: "Panels at dawn" };
    const { container } = render(<PageHero eyebrow="" title="Solar" intro={intro} image={illustration} picture={picture} />);
    const images = container.querySelectorAll("img");
    expect(images).toHaveLength(1);
    const img = images[0]!;
    expect(img.getAttribute("alt")).toBe("Panels at dawn");
    expect(img.getAttribute("src")).toBe(`/api/site/images/${token}.jpg`);
    expect(img.getAttribute("srcset")).toBe(
      `/api/site/images/${token}-480.webp 480w, /api/site/images/${token}-960.webp 960w, /api/site/images/${token}-1000.webp 1000w`,
    );
    expect(img.getAttribute("sizes")).toMatch(/^\(min-width: 1280px\)/);
    expect([img.getAttribute("width"), img.getAttribute("height")]).toEqual(["1000", "1600"]);
    expect(img.getAttribute("fetchpriority")).toBe("high");
    expect(img.getAttribute("decoding")).toBe("async");
    expect(img.getAttribute("loading")).toBeNull();
  });

  it("gives its width and height at the widest copy, 1600 px, for a larger original", () => {
    const picture = { image: { token, width: 4000, height: 3000 }, alt: "A field" };
    const { container } = render(<PageHero eyebrow="" title="Fields" intro={intro} image={illustration} picture={picture} />);
    const img = container.querySelector("img")!;
    expect([img.getAttribute("width"), img.getAttribute("height")]).toEqual(["1600", "1200"]);
    expect(img.getAttribute("srcset")).not.toContain("4000");
  });

  it("leaves the illustration in place when there is none", () => {
    const { container } = render(<PageHero eyebrow="" title="Solar" intro={intro} image={illustration} picture={null} />);
    expect(container.querySelector("img")?.getAttribute("src")).toBe("/art.svg");
  });
});
