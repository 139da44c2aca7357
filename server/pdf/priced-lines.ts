import { formatMoney } from "@common/money";
import { formatQuantity, formatRate } from "./format";
import type { DocumentPdf, SummaryRow } from "./pdf";
import type { DocumentCharge, DocumentLine } from "./types";

/** Which optional items count (the customer ticks the ones they want when accepting), and which of an invoice's lines go beyond the estimate. */
function lineNote(line: DocumentLine): string | undefined {
  if (line.extra) return "Extra work, beyond the estimate";
  if (!line.optional) return undefined;
  if (line.optional.chosen === undefined) return "Optional item: counted only if chosen";
  return line.optional.chosen ? "Optional item, chosen" : "Optional item, not chosen: not counted";
}

/** The lines of an estimate or an invoice: description, quantity with its unit, unit price, amount. */
export function drawPricedLines(pdf: DocumentPdf, lines: readonly DocumentLine[], currency: string): void {
  pdf.table(
    [
      { heading: "Description" },
      { heading: "Quantity", width: 90, align: "right" },
      { heading: "Unit price", width: 85, align: "right" },
      { heading: "Amount", width: 85, align: "right" },
    ],
    lines.map((line) => ({
      cells: [line.description, formatQuantity(line), formatMoney(line.unitPrice, currency), formatMoney(line.amount, currency)],
      note: lineNote(line),
    })),
  );
}

/** Subtotal, the discount when there is one, each adjustment, tax with its rate, and the total, as the server computed them. */
export function chargeRows(charge: DocumentCharge, currency: string, taxLabel = "Tax"): SummaryRow[] {
  return [
    { label: "Subtotal", value: formatMoney(charge.subtotal, currency) },
    ...(charge.discount > 0 ? [{ label: "Discount", value: formatMoney(-charge.discount, currency) }] : []),
    ...(charge.adjustments ?? []).map((adjustment) => ({ label: adjustment.description, value: formatMoney(adjustment.amount, currency) })),
    { label: `${taxLabel} (${formatRate(charge.taxRateBasisPoints)})`, value: formatMoney(charge.tax, currency) },
    { label: "Total", value: formatMoney(charge.total, currency), strong: true },
  ];
}
