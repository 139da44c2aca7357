import { formatMoney } from "@common/money";
import { formatInstant } from "./format";
import { drawPayments } from "./payments";
import { renderPdf } from "./pdf";
import type { SummaryRow } from "./pdf";
import type { ReceiptDocument } from "./types";

/**
 * A payment's receipt as a PDF: what it paid for, when, how (the card's last four
 * digits, or the offline method an admin recorded) and its reference, any refunds of it, and where
 * the invoice or estimate stands after it.
 */
export function renderReceiptPdf(receipt: ReceiptDocument): Promise<Buffer> {
  const { currency, timeZone, payment } = receipt;
  return renderPdf(`Receipt ${receipt.number}`, receipt.business, (pdf) => {
    pdf.header(receipt.business);
    pdf.title("Receipt", receipt.refunded > 0 ? (receipt.netPaid > 0 ? "PARTLY REFUNDED" : "REFUNDED") : "PAID");
    pdf.details(
      [
        { heading: "Received from", lines: [receipt.customer.name, receipt.customer.email] },
        ...(receipt.job ? [{ heading: "Job", lines: [receipt.job.title, receipt.job.site] }] : []),
      ],
      [
        ["Receipt number", receipt.number],
        ["Paid on", formatInstant(payment.at, timeZone)],
        ["Payment for", receipt.paidFor],
      ],
    );
    drawPayments(pdf, payment.refunds?.length ? "Payment and refunds" : "Payment", [payment], currency, timeZone);
    const paidRows: SummaryRow[] =
      receipt.refunded > 0
        ? [
            { label: "Amount paid", value: formatMoney(payment.amount, currency) },
            { label: "Refunded", value: formatMoney(-receipt.refunded, currency) },
            { label: "Net paid", value: formatMoney(receipt.netPaid, currency), strong: true },
          ]
        : [{ label: "Amount paid", value: formatMoney(payment.amount, currency), strong: true }];
    pdf.summary(paidRows);
    if (receipt.standing) {
      pdf.summary([
        { label: `${receipt.standing.of} total`, value: formatMoney(receipt.standing.total, currency) },
        { label: "Paid to date", value: formatMoney(receipt.standing.paid, currency) },
        { label: "Balance due", value: formatMoney(receipt.standing.balance, currency), strong: true },
      ]);
    }
  });
}
