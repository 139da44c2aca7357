import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CaseStudyCreate, CaseStudyUpdate } from "@common/case-studies";
import type { AdminCaseStudy } from "@common/contract/case-studies";
import type { Job } from "@common/contract/jobs";
import { caseStudyKeys } from "@/api/case-studies";
import { adminJobKeys } from "@/api/jobs";
import { type Answer, send } from "@/lib/api";
import { useListQuery } from "@/lib/list-query";

type Written = { success: true; message: string; data: AdminCaseStudy };

/** GET /api/admin/case-studies: all of them, newest first. */
export const useAdminCaseStudies = () => useListQuery<AdminCaseStudy>(caseStudyKeys.all);

/** GET /api/admin/jobs?status=delivered: the jobs a case study may be made of. */
export const useDeliveredJobs = () => useListQuery<Job>([`${adminJobKeys.all[0]}?status=delivered`]);

/** A write to the case studies; the list reloads after each, whatever the answer. */
function useCaseStudyWrite<Input, Out>(write: (input: Input) => Promise<Answer<Out>>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: write, onSettled: () => queryClient.invalidateQueries({ queryKey: caseStudyKeys.all }) });
}

/** POST /api/admin/case-studies: a draft prefilled from the job. */
export const useCreateCaseStudy = () => useCaseStudyWrite((input: CaseStudyCreate) => send<Written>("POST", "/api/admin/case-studies", { body: input }));

/** PATCH /api/admin/case-studies/:id: its content (voiding a consent given), or shown. */
export const useUpdateCaseStudy = () =>
  useCaseStudyWrite(({ id, ...changes }: CaseStudyUpdate & { id: number }) => send<Written>("PATCH", `/api/admin/case-studies/${id}`, { body: changes }));

/** POST /api/admin/case-studies/:id/consent-request: the mail and the card on the customer's job page. */
export const useAskConsent = () => useCaseStudyWrite((id: number) => send<Written>("POST", `/api/admin/case-studies/${id}/consent-request`));

/** DELETE /api/admin/case-studies/:id. */
export const useDeleteCaseStudy = () => useCaseStudyWrite((id: number) => send<{ success: true; message: string }>("DELETE", `/api/admin/case-studies/${id}`));
