import type { Report } from "@common/contract/reports";
import { reportKeys } from "@/api/reports";
import { useListQuery } from "@/lib/list-query";

/** GET /api/reports: reports uploaded for the signed-in customer. */
export function useReports() {
  return useListQuery<Report>(reportKeys.all);
}
