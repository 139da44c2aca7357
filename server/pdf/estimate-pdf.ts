import { formatMoney } from "@common/money";
import { buyerLines, formatDate, formatInstant, formatPercent } from "./format";
import { renderPdf } from "./pdf";
import { chargeRows, drawPricedLines } from "./priced-lines";
import type { EstimateDocument } from "./types";

/** "Estimate #12", and from the first revision on "Estimate #12 (revision 2)". */
export function estimateName(estimate: Pick<EstimateDocument, "number" | "revision">): string {
  return estimate.revision > 1 ? `Estimate #${estimate.number} (revision ${estimate.revision})` : `Estimate #${estimate.number}`;
}

/**
 * The estimate as a PDF: its lines with the optional ones marked, the
 * totals and the deposit the server computed, the note, and once signed the customer's acceptance
 * (the name they typed and when).
 */
export function renderEstimatePdf(estimate: EstimateDocument): Promise<Buffer> {
  const name = estimateName(estimate);
  const { currency } = estimate;
  return renderPdf(name, estimate.business, (pdf) => {
    pdf.header(estimate.business);
    pdf.title(name, estimate.acceptance ? "ACCEPTED" : undefined);
    pdf.details(
      [
        { heading: "Prepared for", lines: buyerLines(estimate.customer) },
        ...(estimate.job ? [{ heading: "Job", lines: [estimate.job.title, estimate.job.site] }] : []),
      ],
      [
        ["Issued", formatDate(estimate.issuedOn)],
        ["Valid until", formatDate(estimate.validUntil)],
        ...(estimate.acceptance ? [["Accepted on", formatInstant(estimate.acceptance.at, estimate.timeZone)] as [string, string]] : []),
      ],
    );
    drawPricedLines(pdf, estimate.lines, currency);
    const depositLabel =
      estimate.depositPercent === undefined ? "Deposit due on acceptance" : `Deposit due on acceptance (${formatPercent(estimate.depositPercent)})`;
    pdf.summary([
      ...chargeRows(estimate.charge, currency, estimate.business.taxLabel),
      ...(estimate.deposit > 0 ? [{ label: depositLabel, value: formatMoney(estimate.deposit, currency) }] : []),
    ]);
    if (estimate.note) pdf.section("Note", [estimate.note]);
    if (estimate.acceptance) {
      pdf.section("Acceptance", [
        `Accepted by ${estimate.acceptance.name} on ${formatInstant(estimate.acceptance.at, estimate.timeZone)}, signed by typing their full name.`,
      ]);
    } else {
      pdf.section("To accept", [
        `Open this estimate in your customer account to choose its optional items and accept it by ${formatDate(estimate.validUntil)}.`,
      ]);
    }
  });
}
