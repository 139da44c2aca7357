import { describe, expect, it } from "vitest";
import { renderInvoicePdf } from "./invoice-pdf";
import { renderPdf } from "./pdf";
import { printable, printableLine } from "./pdf-text";
import { fontsOf, pagesOf, textOf } from "./testing/poppler";
import { sampleInvoice } from "./testing/samples";

describe("text the standard fonts can print (docs/decisions/0024-pdf-documents.md)", () => {
  it("keeps Windows-1252: Latin-1 accents, the euro, curly quotes, dashes and the card's bullets", () => {
    for (const text of ["Zoë Ångström", "Façade, Müller & Søn, Straße", "€1.234,56 “north roof” – 3 — 4 …", "Visa •••• 4242", "Œuvre ™ © ½ ×"]) {
      expect(printable(text)).toBe(text);
    }
  });

  it("drops an accent the fonts lack, and composes a letter and its combining accent into the one they have", () => {
    expect(printable("Dvořák, Kraków, Łódź, Gdańsk, İzmir, Đorđe, Ő")).toBe("Dvorák, Kraków, Lódz, Gdansk, Izmir, Dorde, O");
    expect(printable("Zoe\u0308 A\u030Angstro\u0308m")).toBe("Zoë Ångström");
    expect(printable("ﬁeld ２ ㎡")).toBe("field 2 m2");
  });

  it("replaces each character of another script, and emoji, with one question mark", () => {
    expect(printable("東京 Tower")).toBe("?? Tower");
    expect(printable("Привет")).toBe("??????");
    expect(printable("Roof 🛰️ done")).toBe("Roof ? done");
  });

  it("keeps new lines and turns tabs and other controls into spaces", () => {
    expect(printable("Line one\r\nLine two\rthree\tfour\u0007\u2028five")).toBe("Line one\nLine two\nthree four  five");
  });

  it("puts a one-line value on one line: every break and control character one space", () => {
    expect(printableLine("Roof\r\nsurvey\u0007 north \n\n east\u2028")).toBe("Roof survey north east");
  });

  it("keeps a document's footer on its page whatever its name holds: line breaks, or more text than its line takes", async () => {
    const name = `Invoice\r\n2026\n\n\n0001 ${"for the whole south array ".repeat(6)}`;
    const pdf = await renderPdf(name, sampleInvoice().business, (doc) => doc.title("Invoice"));
    const pages = await pagesOf(pdf);
    expect(pages).toHaveLength(1);
    expect(pages[0]).toMatch(/Invoice 2026 0001 for the whole south array .*… +Page 1 of 1/);
  });

  it("prints such text into a PDF that pdftotext reads back cleanly, with the standard fonts only", async () => {
    const pdf = await renderInvoicePdf(
      sampleInvoice({
        customer: { name: "Zoë Ångström", email: "zoe@example.com" },
        job: { title: "東京 rooftop survey", site: "Łódź, ul. Piotrkowska 1" },
        lines: [{ description: "Dvořák Hall, Kraków: “north roof” €", quantity: 1, unitPrice: 10_000, amount: 10_000 }],
      }),
    );
    const text = await textOf(pdf);
    expect(text).toContain("Zoë Ångström");
    expect(text).toContain("?? rooftop survey");
    expect(text).toContain("Lódz, ul. Piotrkowska 1");
    expect(text).toContain("Dvorák Hall, Kraków: “north roof” € 1 $100.00 $100.00");
    expect(await fontsOf(pdf)).toEqual(expect.arrayContaining(["Helvetica", "Helvetica-Bold"]));
    expect((await fontsOf(pdf)).every((font) => font.startsWith("Helvetica"))).toBe(true);
  });
});
