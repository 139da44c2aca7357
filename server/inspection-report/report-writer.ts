import type { TextStyle as PdfTextStyle } from "../pdf/pdf";
import { printable, printableLine } from "../pdf/pdf-text";
import type { FindingSeverity } from "@common/findings";

/**
 * The page of the inspection report (report-pdf.ts): US Letter, text placed at explicit positions
 * and measured first, a block that does not fit starting the next page, and each page's footer
 * drawn as the page begins ("Page N": pages are written out as they fill, so the total is unknown).
 */

const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;
export const MARGIN = 48;
export const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const CONTENT_BOTTOM = PAGE_HEIGHT - 64;
const FOOTER_Y = PAGE_HEIGHT - 40;
/** One line of the footer's 8-point text. */
const FOOTER_HEIGHT = 11;
const REGULAR = "Helvetica";
export const BOLD = "Helvetica-Bold";
export const INK = "#1f2937";
export const MUTED = "#6b7280";
export const RULE = "#d1d5db";
const ACCENT = "#0b4f8a";
export const WARNING = "#b45309";

export const SEVERITY_COLOURS: Record<FindingSeverity, string> = { minor: "#eab308", moderate: "#f97316", critical: "#dc2626" };

/** A text style of the documents (server/pdf/pdf.ts), whose width defaults to the page's content width. */
export type TextStyle = Omit<PdfTextStyle, "width"> & { width?: number };

export class ReportWriter {
  y = MARGIN;
  private page = 0;

  constructor(
    readonly doc: PDFKit.PDFDocument,
    private readonly name: string,
    /** Headings', the business name's and the site's outline colour: the brand's, else the documents' own. */
    readonly accent: string = ACCENT,
  ) {
    doc.on("pageAdded", () => this.startPage());
    this.startPage();
  }

  private startPage(): void {
    this.page += 1;
    this.y = MARGIN;
    this.doc
      .moveTo(MARGIN, FOOTER_Y - 8)
      .lineTo(PAGE_WIDTH - MARGIN, FOOTER_Y - 8)
      .lineWidth(0.75)
      .strokeColor(RULE)
      .stroke();
    // Drawn as the page begins: a footer longer than its line would add a page, whose footer would add another.
    this.write(this.name, MARGIN, FOOTER_Y, { width: CONTENT_WIDTH / 2, size: 8, color: MUTED, oneLine: true, height: FOOTER_HEIGHT });
    this.write(`Page ${this.page}`, MARGIN + CONTENT_WIDTH / 2, FOOTER_Y, { width: CONTENT_WIDTH / 2, size: 8, color: MUTED, align: "right" });
  }

  write(value: string, x: number, y: number, style: TextStyle = {}): number {
    const text = style.oneLine ? printableLine(value) : printable(value);
    if (!text) return 0;
    this.doc
      .font(style.font ?? REGULAR)
      .fontSize(style.size ?? 10)
      .fillColor(style.color ?? INK);
    this.doc.text(text, x, y, {
      width: style.width ?? CONTENT_WIDTH,
      align: style.align ?? "left",
      lineGap: 1.5,
      ...(style.height === undefined ? {} : { height: style.height, ellipsis: true }),
    });
    return this.doc.y - y;
  }

  measure(value: string, style: TextStyle = {}): number {
    const text = style.oneLine ? printableLine(value) : printable(value);
    if (!text) return 0;
    this.doc.font(style.font ?? REGULAR).fontSize(style.size ?? 10);
    return this.doc.heightOfString(text, { width: style.width ?? CONTENT_WIDTH, lineGap: 1.5 });
  }

  /** Starts a new page when `height` more points would not fit on this one. */
  ensureSpace(height: number): void {
    if (this.y + height > CONTENT_BOTTOM) this.doc.addPage();
  }

  newPage(): void {
    if (this.y > MARGIN) this.doc.addPage();
  }

  heading(text: string, size = 14): void {
    this.ensureSpace(size + 40);
    this.y += this.write(text, MARGIN, this.y, { font: BOLD, size, color: this.accent, oneLine: true }) + 6;
  }

  paragraph(text: string, style: TextStyle = {}): void {
    this.ensureSpace(this.measure(text, style));
    this.y += this.write(text, MARGIN, this.y, style) + 4;
  }

  /** Label and value rows, two columns, each row kept whole; `oneLine` when every value is meant for one line (names, not notes). */
  facts(rows: readonly [string, string][], { labelWidth = 170, oneLine = false } = {}): void {
    for (const [label, value] of rows) {
      const style = { width: CONTENT_WIDTH - labelWidth, size: 10, oneLine };
      const height = Math.max(this.measure(label, { width: labelWidth - 8, size: 10 }), this.measure(value, style));
      this.ensureSpace(height + 4);
      this.write(label, MARGIN, this.y, { width: labelWidth - 8, size: 10, color: MUTED });
      this.write(value, MARGIN + labelWidth, this.y, style);
      this.y += height + 4;
    }
    this.y += 6;
  }

  /** A table of short cells, its header drawn again on each page it continues on. */
  table(headings: readonly string[], widths: readonly number[], rows: readonly string[][]): void {
    const xs = widths.map((_, index) => MARGIN + widths.slice(0, index).reduce((sum, width) => sum + width, 0));
    const header = () => {
      headings.forEach((heading, index) => this.write(heading, xs[index]!, this.y, { width: widths[index]! - 6, font: BOLD, size: 9, color: MUTED }));
      this.y += 14;
      this.doc
        .moveTo(MARGIN, this.y)
        .lineTo(MARGIN + CONTENT_WIDTH, this.y)
        .lineWidth(0.75)
        .strokeColor(INK)
        .stroke();
      this.y += 4;
    };
    this.ensureSpace(40);
    header();
    for (const row of rows) {
      const height = Math.max(...row.map((cell, index) => this.measure(cell, { width: widths[index]! - 6, size: 9 })));
      if (this.y + height + 4 > CONTENT_BOTTOM) {
        this.doc.addPage();
        header();
      }
      row.forEach((cell, index) => this.write(cell, xs[index]!, this.y, { width: widths[index]! - 6, size: 9 }));
      this.y += height + 4;
    }
    this.y += 10;
  }
}
