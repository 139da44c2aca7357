import { formatMoney } from "@common/money";
import { formatInstant, formatPaymentMethod } from "./format";
import type { DocumentPdf } from "./pdf";
import type { DocumentPayment } from "./types";

/**
 * Payments as table rows, oldest first, each refund under its payment with a negative amount,
 * so a refund shows on the invoice.
 */
export function drawPayments(pdf: DocumentPdf, heading: string, payments: readonly DocumentPayment[], currency: string, timeZone: string): void {
  pdf.table(
    [{ heading: "Date", width: 150 }, { heading: "Payment" }, { heading: "Reference", width: 130 }, { heading: "Amount", width: 85, align: "right" }],
    payments.flatMap((payment) => [
      { cells: [formatInstant(payment.at, timeZone), formatPaymentMethod(payment.method), payment.reference ?? "", formatMoney(payment.amount, currency)] },
      ...(payment.refunds ?? []).map((refund) => ({
        cells: [
          formatInstant(refund.at, timeZone),
          `Refund to ${formatPaymentMethod(payment.method)}`,
          refund.reference ?? "",
          formatMoney(-refund.amount, currency),
        ],
      })),
    ]),
    heading,
  );
}
