import type { JobAmounts } from "@common/contract/job-amounts";
import { formatMoney } from "@common/money";
import { type Detail, DetailList } from "@/components/ui/detail-list";

/**
 * A job's money as the server computed it once (server/billing/job-amounts.ts): what was accepted,
 * the deposit, what was paid and given back, and the balance. The customer's job page and the back
 * office's show this same list; nothing is added up in the browser. Nothing shows before the job is
 * priced or paid.
 */
export function JobAmountsList({ amounts, className }: { amounts: JobAmounts; className?: string }) {
  if (amounts.acceptedTotal === null && amounts.paid === 0) return null;
  const money = (cents: number) => formatMoney(cents, amounts.currency.toUpperCase());
  const amount = (term: string, cents: number): Detail => ({ term, value: money(cents), valueClassName: "font-mono" });
  const details: Detail[] = [
    ...(amounts.acceptedTotal === null ? [] : [amount("Accepted total", amounts.acceptedTotal)]),
    ...(amounts.deposit > 0 ? [amount("Deposit", amounts.deposit)] : []),
    amount("Paid", amounts.paid),
    ...(amounts.refunded > 0 ? [amount("Refunded", amounts.refunded)] : []),
    ...(amounts.acceptedTotal === null ? [] : [amount("Balance", amounts.balance)]),
  ];
  return (
    <div className={className}>
      <DetailList details={details} />
    </div>
  );
}
