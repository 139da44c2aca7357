import { useQuery } from "@tanstack/react-query";
import type { Estimate } from "@common/contract/estimates";
import { ESTIMATES_QUERY_KEY } from "@/api/estimates";

/** GET /api/estimates/{id}: one revision with its figures, its answer and the job's other revisions. Another customer's is a 404. */
export function useEstimate(id: string) {
  return useQuery<{ success: true; data: Estimate }, Error, Estimate>({ queryKey: [...ESTIMATES_QUERY_KEY, id], select: (answer) => answer.data });
}
