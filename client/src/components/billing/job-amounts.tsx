import type { JobAmounts } from "@common/contract/job-amounts";
import { formatMoney } from "@common/money";
import { type Detail, DetailList } from "@/components/ui/detail-list";

/**
 * A job's money as the server computed it once (server/billing/job-amounts.ts): what was accepted,
 * the invoice's total once issued, the deposit, what credit notes took off, what was paid and given
 * back, the balance, and what is owed back. The customer's job page and the back
 * office's show this same list; nothing is added up in the browser. Nothing shows before the job is
 * priced or paid.
 */
export function JobAmountsList({ amounts, className }: { amounts: JobAmounts; className?: string }) {
  if (amounts.total === null && amounts.paid === 0) return null;
  const money = (cents: number) => formatMoney(cents, amounts.currency.toUpperCase());
  const amount = (term: string, cents: number): Detail => ({ term, value: money(cents), valueClassName: "font-mono" });
  // Once invoiced, the invoice's total (extra work and adjustments included) is the job's; the accepted one stays for reference.
  const details: Detail[] = [
    ...(amounts.acceptedTotal === null ? [] : [amount("Accepted total", amounts.acceptedTotal)]),
    ...(amounts.pricedBy === "invoice" && amounts.total !== null ? [amount("Invoice total", amounts.total)] : []),
    ...(amounts.deposit > 0 ? [amount("Deposit", amounts.deposit)] : []),
    ...(amounts.credited > 0 ? [amount("Credited", amounts.credited)] : []),
    amount("Paid", amounts.paid),
    ...(amounts.refunded > 0 ? [amount("Refunded", amounts.refunded)] : []),
    ...(amounts.total === null ? [] : [amount("Balance", amounts.balance)]),
    ...(amounts.owedBack > 0 ? [amount("Owed back", amounts.owedBack)] : []),
  ];
  return (
    <div className={className}>
      <DetailList details={details} />
    </div>
  );
}
