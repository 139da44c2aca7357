import type { Estimate } from "@common/contract/estimates";
import { estimateTotals, MoneyRuleError } from "@common/money";
import type { PricedTotals } from "@/components/billing/priced-lines";
import { bindingFigures } from "@/api/estimates";

/**
 * The figures to show for the optional items `chosen`: while the customer ticks, common/money.ts's
 * totals of the estimate (the same rule the server applies on acceptance; the server's answer
 * decides); once accepted, the figures the server kept (bindingFigures). An impossible choice falls back to the
 * estimate as sent.
 */
export function figuresOf(estimate: Estimate, chosen: readonly number[]): PricedTotals {
  const { accepted, ...sent } = bindingFigures(estimate);
  if (accepted) return sent;
  const deposit = estimate.depositPercent === null ? { amount: estimate.depositAmount } : { percent: estimate.depositPercent };
  try {
    const live = estimateTotals(
      { lines: estimate.lines, discount: estimate.discount, deposit },
      { taxRateBasisPoints: estimate.taxRateBasisPoints, chosenOptionalLineIds: chosen },
    );
    return { ...live, taxRateBasisPoints: estimate.taxRateBasisPoints };
  } catch (error) {
    if (error instanceof MoneyRuleError || error instanceof RangeError) return sent;
    throw error;
  }
}

/** A revision the customer can still accept: sent, not expired, superseded or answered. */
export const isAcceptable = (estimate: Pick<Estimate, "status" | "response">): boolean => estimate.status === "sent" && estimate.response === null;

/** A revision the customer can still ask to change or decline: unanswered, even past its valid-until day (the way to ask for a new one). */
export const isOpenToWords = (estimate: Pick<Estimate, "status" | "response">): boolean =>
  (estimate.status === "sent" || estimate.status === "expired") && estimate.response === null;

/** The deposit's term: "Deposit (30%)" for a share of the total, "Deposit" for a fixed amount. */
export const depositLabelOf = (estimate: Pick<Estimate, "depositPercent">): string =>
  estimate.depositPercent === null ? "Deposit" : `Deposit (${estimate.depositPercent}%)`;
