import { printable, printableLine } from "./pdf-text";
import type { DocumentBusiness } from "./types";

/**
 * The page every document is drawn on (docs/decisions/0024-pdf-documents.md): US Letter, the business
 * at the top, the document's own blocks, and on every page a footer with the document's name and
 * "Page N of M". Text is placed at explicit positions and measured before it is drawn, so a block
 * that does not fit starts the next page, a table row is never split, and a table's header is drawn
 * again at the top of each page it continues on.
 */

const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;
const MARGIN = 48;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const CONTENT_RIGHT = PAGE_WIDTH - MARGIN;
/** Blocks end above this line; the footer sits below it. */
const CONTENT_BOTTOM = PAGE_HEIGHT - 64;
const FOOTER_Y = PAGE_HEIGHT - 40;
/** One line of the footer's 8-point text. */
const FOOTER_HEIGHT = 11;
const LOGO_BOX: [number, number] = [160, 56];

const REGULAR = "Helvetica";
const BOLD = "Helvetica-Bold";
const ITALIC = "Helvetica-Oblique";
const INK = "#1f2937";
const MUTED = "#6b7280";
const RULE = "#d1d5db";
/** The documents' own accent, when the business has no brand colour. */
const ACCENT = "#0b4f8a";
const LINE_GAP = 1.5;
const CELL_PADDING = 5;

/** How a piece of text is drawn: its box's width, its font, size and colour, and how it may break. */
export interface TextStyle {
  width: number;
  font?: string;
  size?: number;
  color?: string;
  align?: "left" | "right" | "center";
  /** A value meant for one line (a title, a name): drawn on one, whatever it holds (printableLine). */
  oneLine?: boolean;
  /** At most this many points high: what does not fit ends in "…" (a footer stays on its page). */
  height?: number;
}

export interface TableColumn {
  heading: string;
  /** Points; the one column without a width takes what the others leave. */
  width?: number;
  align?: "left" | "right";
}

export interface TableRow {
  cells: readonly string[];
  /** A smaller line under the first cell ("Optional item, chosen"). */
  note?: string;
}

export interface SummaryRow {
  label: string;
  value: string;
  /** Bold, with a rule above: the total, the balance due. */
  strong?: boolean;
}

export class DocumentPdf {
  private y = MARGIN;
  /** Draws the current table's header at the top of a page it continues on. */
  private continueTable: (() => void) | undefined;

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    /** "Invoice 2026-0001": the footer of every page and the head of every page after the first. */
    private readonly name: string,
    /** The business name's and the stamp's colour: the brand's, else the documents' own. */
    private readonly accent: string = ACCENT,
  ) {}

  /** Draws text at (x, y) and answers its height; the text is first made printable by the standard fonts. */
  private write(value: string, x: number, y: number, style: TextStyle): number {
    const text = style.oneLine ? printableLine(value) : printable(value);
    if (!text) return 0;
    this.doc
      .font(style.font ?? REGULAR)
      .fontSize(style.size ?? 9)
      .fillColor(style.color ?? INK);
    this.doc.text(text, x, y, {
      width: style.width,
      align: style.align ?? "left",
      lineGap: LINE_GAP,
      ...(style.height === undefined ? {} : { height: style.height, ellipsis: true }),
    });
    return this.doc.y - y;
  }

  private measure(value: string, style: TextStyle): number {
    const text = style.oneLine ? printableLine(value) : printable(value);
    if (!text) return 0;
    this.doc.font(style.font ?? REGULAR).fontSize(style.size ?? 9);
    return this.doc.heightOfString(text, { width: style.width, lineGap: LINE_GAP });
  }

  private rule(y: number, from = MARGIN, to = CONTENT_RIGHT, color = RULE): void {
    this.doc.moveTo(from, y).lineTo(to, y).lineWidth(0.75).strokeColor(color).stroke();
  }

  /** Starts a new page when `height` more points would not fit on this one. */
  private ensureSpace(height: number): void {
    if (this.y + height <= CONTENT_BOTTOM) return;
    this.doc.addPage();
    this.y = MARGIN;
    this.write(`${this.name} (continued)`, MARGIN, this.y, { width: CONTENT_WIDTH, font: BOLD, size: 10, color: MUTED, oneLine: true, height: 14 });
    this.y += 24;
    this.continueTable?.();
  }

  /** The business: its logo (when configured) on the left, its name and contact details on the right. */
  header(business: DocumentBusiness): void {
    const top = this.y;
    const detailsWidth = 260;
    const detailsX = CONTENT_RIGHT - detailsWidth;
    // With a logo, the name goes with the contact details; without one, it takes the logo's place.
    if (business.logo) this.doc.image(business.logo, MARGIN, top, { fit: LOGO_BOX });
    const left = business.logo
      ? LOGO_BOX[1]
      : this.write(business.name, MARGIN, top, { width: CONTENT_WIDTH - detailsWidth - 12, font: BOLD, size: 18, color: this.accent });
    let right = top;
    if (business.logo) right += this.write(business.name, detailsX, right, { width: detailsWidth, font: BOLD, size: 11, align: "right" });
    // The registered name where it differs from the trading name, and the tax number, as invoices must carry them.
    const legal = business.legalName && business.legalName !== business.name ? [business.legalName] : [];
    const taxNumber = business.taxNumber ? [`${business.taxLabel || "Tax"} number ${business.taxNumber}`] : [];
    for (const line of [...legal, ...business.address, business.phone, business.email, ...taxNumber]) {
      right += this.write(line, detailsX, right, { width: detailsWidth, size: 9, color: MUTED, align: "right" });
    }
    this.y = Math.max(top + left, right) + 14;
    this.rule(this.y);
    this.y += 18;
  }

  /** The document's title ("Invoice 2026-0001"), with a stamp on the right ("PAID") when there is one. */
  title(title: string, stamp?: string): void {
    const height = this.write(title, MARGIN, this.y, { width: CONTENT_WIDTH - 140, font: BOLD, size: 20, oneLine: true });
    if (stamp) this.write(stamp, CONTENT_RIGHT - 140, this.y + 4, { width: 140, font: BOLD, size: 14, color: this.accent, align: "right" });
    this.y += height + 14;
  }

  /**
   * Who and what on the left (Bill to: the customer; Job: its title and site), the dates on the right
   * ("Issued", "Due", "Valid until", "Paid on"), side by side.
   */
  details(blocks: readonly { heading: string; lines: readonly string[] }[], facts: readonly [label: string, value: string][]): void {
    const top = this.y;
    const leftWidth = 230;
    let left = top;
    for (const block of blocks) {
      left += this.write(block.heading.toUpperCase(), MARGIN, left, { width: leftWidth, font: BOLD, size: 8, color: MUTED }) + 2;
      for (const line of block.lines) left += this.write(line, MARGIN, left, { width: leftWidth, size: 10, oneLine: true });
      left += 10;
    }
    const labelX = MARGIN + leftWidth + 16;
    const labelWidth = 80;
    const valueX = labelX + labelWidth;
    const valueWidth = CONTENT_RIGHT - valueX;
    let right = top;
    for (const [label, value] of facts) {
      const height = Math.max(
        this.write(label, labelX, right, { width: labelWidth, size: 9, color: MUTED }),
        this.write(value, valueX, right, { width: valueWidth, size: 10, align: "right", oneLine: true }),
      );
      right += height + 4;
    }
    this.y = Math.max(left, right) + 8;
  }

  /** A table whose rows never split; on a new page its header is drawn again. A heading stays with the first row. */
  table(columns: readonly TableColumn[], rows: readonly TableRow[], heading?: string): void {
    const fixed = columns.reduce((sum, column) => sum + (column.width ?? 0), 0);
    const widths = columns.map((column) => column.width ?? CONTENT_WIDTH - fixed);
    const xs = widths.map((_, index) => MARGIN + widths.slice(0, index).reduce((sum, width) => sum + width, 0));
    const cellWidth = (index: number) => (widths[index] ?? 0) - 2 * CELL_PADDING;
    const styleOf = (index: number, bold = false): TextStyle => ({
      width: cellWidth(index),
      font: bold ? BOLD : REGULAR,
      size: 9,
      align: columns[index]?.align ?? "left",
      oneLine: true,
    });

    const drawHeader = () => {
      const height = Math.max(...columns.map((column, index) => this.measure(column.heading, styleOf(index, true))));
      columns.forEach((column, index) => this.write(column.heading, (xs[index] ?? 0) + CELL_PADDING, this.y, { ...styleOf(index, true), color: MUTED }));
      this.y += height + 4;
      this.rule(this.y, MARGIN, CONTENT_RIGHT, INK);
      this.y += 5;
    };
    const noteStyle: TextStyle = { width: cellWidth(0), font: ITALIC, size: 8, color: MUTED };
    const heightOf = (row: TableRow) => {
      const cells = Math.max(...row.cells.map((cell, index) => this.measure(cell, styleOf(index))));
      return cells + (row.note ? this.measure(row.note, noteStyle) + 1 : 0);
    };

    const headingStyle: TextStyle = { width: CONTENT_WIDTH, font: BOLD, size: 8, color: MUTED };
    this.ensureSpace((heading ? this.measure(heading, headingStyle) + 4 : 0) + 16 + (rows[0] ? heightOf(rows[0]) + 9 : 0));
    if (heading) this.y += this.write(heading.toUpperCase(), MARGIN, this.y, headingStyle) + 4;
    drawHeader();
    this.continueTable = drawHeader;
    for (const row of rows) {
      const height = heightOf(row);
      this.ensureSpace(height + 9);
      const top = this.y;
      row.cells.forEach((cell, index) => this.write(cell, (xs[index] ?? 0) + CELL_PADDING, top, styleOf(index)));
      if (row.note) this.write(row.note, MARGIN + CELL_PADDING, top + this.measure(row.cells[0] ?? "", styleOf(0)) + 1, noteStyle);
      this.y = top + height + 4;
      this.rule(this.y);
      this.y += 5;
    }
    this.continueTable = undefined;
    this.y += 8;
  }

  /** Label and value pairs on the right (Subtotal, Tax, Total, Balance due), kept together on one page. */
  summary(rows: readonly SummaryRow[]): void {
    const width = 260;
    const labelWidth = 160;
    const x = CONTENT_RIGHT - width;
    const styleOf = (row: SummaryRow): TextStyle => ({ width: labelWidth, font: row.strong ? BOLD : REGULAR, size: row.strong ? 11 : 10 });
    const heightOf = (row: SummaryRow) => (row.strong ? 5 : 0) + this.measure(row.label, styleOf(row)) + 5;
    this.ensureSpace(rows.reduce((sum, row) => sum + heightOf(row), 0));
    for (const row of rows) {
      if (row.strong) {
        this.rule(this.y, x, CONTENT_RIGHT, INK);
        this.y += 5;
      }
      const height = this.write(row.label, x, this.y, styleOf(row));
      this.write(row.value, x + labelWidth, this.y, { ...styleOf(row), width: width - labelWidth, align: "right" });
      this.y += height + 5;
    }
    this.y += 12;
  }

  /** A heading and its paragraphs (the note, the acceptance), the heading kept with the first paragraph. */
  section(heading: string, paragraphs: readonly string[]): void {
    const style: TextStyle = { width: CONTENT_WIDTH, size: 10 };
    this.ensureSpace(16 + this.measure(paragraphs[0] ?? "", style));
    this.y += this.write(heading.toUpperCase(), MARGIN, this.y, { width: CONTENT_WIDTH, font: BOLD, size: 8, color: MUTED }) + 3;
    for (const paragraph of paragraphs) {
      this.ensureSpace(this.measure(paragraph, style));
      this.y += this.write(paragraph, MARGIN, this.y, style) + 4;
    }
    this.y += 10;
  }

  /**
   * An image on a page of its own under a caption (a scanned certificate in a compliance packet),
   * fitted to the page. An image pdfkit cannot read (its bytes began as a JPEG's or PNG's but are
   * damaged) is named instead of ending the whole document.
   */
  figure(caption: string, image: Buffer, unreadable: string): void {
    this.doc.addPage();
    this.y = MARGIN;
    this.y += this.write(caption, MARGIN, this.y, { width: CONTENT_WIDTH, font: BOLD, size: 11, oneLine: true }) + 10;
    try {
      this.doc.image(image, MARGIN, this.y, { fit: [CONTENT_WIDTH, CONTENT_BOTTOM - this.y], align: "center" });
      this.y = CONTENT_BOTTOM;
    } catch {
      this.y += this.write(unreadable, MARGIN, this.y, { width: CONTENT_WIDTH, size: 10 }) + 10;
    }
  }

  /** The footer of every page, written once the number of pages is known. */
  finish(): void {
    const { start, count } = this.doc.bufferedPageRange();
    for (let page = start; page < start + count; page += 1) {
      this.doc.switchToPage(page);
      this.rule(FOOTER_Y - 8);
      this.write(this.name, MARGIN, FOOTER_Y, { width: CONTENT_WIDTH / 2, size: 8, color: MUTED, oneLine: true, height: FOOTER_HEIGHT });
      this.write(`Page ${page - start + 1} of ${count}`, MARGIN + CONTENT_WIDTH / 2, FOOTER_Y, {
        width: CONTENT_WIDTH / 2,
        size: 8,
        color: MUTED,
        align: "right",
      });
    }
  }
}

/**
 * Draws a document and answers its bytes. `name` titles the PDF (its metadata and every page's
 * footer); the business is its author.
 */
export async function renderPdf(name: string, business: DocumentBusiness, draw: (pdf: DocumentPdf) => void): Promise<Buffer> {
  // Loaded with the first document, not at start: pdfkit and its fonts are about 10 MB of an idle
  // server (docs/decisions/0029-embedded-database-code-memory.md).
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({
    size: "LETTER",
    // The bottom margin is pdfkit's own limit, below the footer; DocumentPdf ends blocks well above it.
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: 24 },
    bufferPages: true,
    lang: "en-US",
    displayTitle: true,
    info: { Title: printableLine(name), Author: printableLine(business.name), Creator: printableLine(business.name) },
  });
  const chunks: Buffer[] = [];
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const pdf = new DocumentPdf(doc, name, business.accentColor);
  draw(pdf);
  pdf.finish();
  doc.end();
  return bytes;
}
