import { useQuery } from "@tanstack/react-query";
import type { Estimate } from "@common/contract/estimates";
import type { ListResponse } from "@common/contract/wire";
import { checkoutHref } from "@common/checkout";
import { dataOf, send } from "@/lib/api";

const ESTIMATES = ["/api/estimates"] as const;

/**
 * Every estimate query (one revision, a job's list) under one key: an answer or a payment
 * invalidates them all. A revision's key is its URL; a job's list has its own query function.
 */
export const estimateKeys = {
  all: ESTIMATES,
  detail: (id: number) => [...ESTIMATES, id] as const,
  job: (jobId: number) => [...ESTIMATES, "job", jobId] as const,
};

/** The customer's page of one estimate revision (the "/dashboard/estimates/:id" route of common/routes.ts). */
export const estimatePath = (id: number): string => `/dashboard/estimates/${id}`;

/** "Estimate #12", or "Estimate #12 (revision 2)": numbered by its job, as on its PDF and in mails. */
export function estimateTitle({ number, revision }: Pick<Estimate, "number" | "revision">): string {
  return revision > 1 ? `Estimate #${number} (revision ${revision})` : `Estimate #${number}`;
}

/**
 * The figures that bind a revision: once the customer accepted it, those the server kept of the
 * acceptance (the optional items they chose counted in); before, the figures as sent. Every screen
 * showing an estimate's totals reads them here, so the back office's table and the customer's page
 * never tell two totals (docs/decisions/0047-a-jobs-amounts.md).
 */
export function bindingFigures(estimate: Estimate) {
  const { subtotal, discount, taxRateBasisPoints, tax, total, depositAmount, response } = estimate;
  const sent = { subtotal, discount, taxRateBasisPoints, tax, total, depositAmount };
  if (response?.answer !== "accepted" || response.acceptedTotal === null) return { ...sent, accepted: false };
  return {
    ...sent,
    subtotal: response.acceptedSubtotal ?? subtotal,
    tax: response.acceptedTax ?? tax,
    total: response.acceptedTotal,
    depositAmount: response.acceptedDepositAmount ?? depositAmount,
    accepted: true,
  };
}

/** The checkout of an accepted estimate's deposit: the server charges what is due of it, whatever the address says. */
export function depositCheckoutHref(estimate: Pick<Estimate, "id" | "number" | "revision">): string {
  return checkoutHref({ service: `Deposit for ${estimateTitle(estimate)}`, amount: 0, estimateId: estimate.id });
}

/** GET /api/estimates?jobId=: the job's estimate revisions, newest first (none for a job priced by its quote). */
export function useJobEstimates(jobId: number) {
  return useQuery({
    queryKey: estimateKeys.job(jobId),
    queryFn: async ({ signal }) => dataOf(await send<ListResponse<Estimate>>("GET", `${ESTIMATES[0]}?jobId=${jobId}`, { signal })),
    select: (answer) => answer.data,
  });
}
