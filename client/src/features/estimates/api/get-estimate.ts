import { useQuery } from "@tanstack/react-query";
import type { Estimate } from "@common/contract/estimates";
import { estimateKeys } from "@/api/estimates";

/** GET /api/estimates/{id}: one revision with its figures, its answer and the job's other revisions. Another customer's is a 404. */
export function useEstimate(id: number) {
  return useQuery<{ success: true; data: Estimate }, Error, Estimate>({ queryKey: estimateKeys.detail(id), select: (answer) => answer.data });
}
