import { eq } from "drizzle-orm";
import { formatMoney } from "@common/money";
import { greetingName } from "@common/person-name";
import { amountsOfJob, paymentJobId } from "../billing/job-amounts";
import { receiptOf } from "./receipts";
import type { BillingDeps } from "../billing/settings";
import { payments, users } from "../db/schema";
import { formatInstant } from "../pdf/format";
import { renderReceiptPdf } from "../pdf/receipt-pdf";
import { noticeSender } from "../mail/notice";

/**
 * Mails a succeeded payment's receipt (its PDF attached) to its customer, once however often it is
 * called (keyed by the payment). Call it after the payment's transaction committed: from the demo
 * confirmation, the Stripe webhook and an admin's offline payment. Receipts are mailed for money paid
 * towards an estimate's deposit or an invoice; any other payment's receipt is in the portal only.
 */
export async function mailReceipt({ db, queue, billing }: BillingDeps, paymentId: number): Promise<void> {
  const [row] = await db
    .select({ payment: payments, email: users.email, firstName: users.firstName, jobId: paymentJobId })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .where(eq(payments.id, paymentId));
  if (!row || row.payment.status !== "succeeded" || (row.payment.estimateId === null && row.payment.invoiceId === null)) return;
  // An erased account's address ends in .invalid: nobody to tell.
  if (row.email.endsWith(".invalid")) return;
  const receipt = await receiptOf(db, billing, paymentId);
  if (!receipt) return;
  const pdf = await renderReceiptPdf(receipt);
  const money = (cents: number) => formatMoney(cents, receipt.currency);
  const standing = receipt.standing;
  const job = row.jobId === null ? null : await amountsOfJob(db, row.jobId);
  await noticeSender(queue, () => ({ name: billing.businessName, color: billing.business.accentColor }))({
    to: [row.email],
    subject: `Receipt for ${receipt.paidFor}: ${money(receipt.payment.amount)}`,
    lines: [
      `Hello ${greetingName(row)},`,
      `Thank you: we received your payment of ${money(receipt.payment.amount)} for ${receipt.paidFor} on ${formatInstant(receipt.payment.at, receipt.timeZone)}.`,
      ...(standing ? [standing.balance > 0 ? `${standing.of} has ${money(standing.balance)} left to pay.` : `${standing.of} is paid in full.`] : []),
      // The job's own figures, as its page and the back office show them (docs/decisions/0047-a-jobs-amounts.md):
      // a deposit paid in full is not the job paid in full.
      ...(job && job.total !== null && receipt.job
        ? [
            `${receipt.job.title}: total ${money(job.total)}${job.credited > 0 ? `, credited ${money(job.credited)}` : ""}, paid ${money(job.paid)}, balance ${money(job.balance)}.`,
          ]
        : []),
      "The receipt is attached as a PDF.",
    ],
    link: { href: `${billing.publicUrl}/dashboard`, label: "Open your dashboard" },
    attachments: [{ filename: `receipt-${paymentId}.pdf`, content: pdf.toString("base64"), contentType: "application/pdf", encoding: "base64" }],
    key: `receipt:${paymentId}`,
  });
}
