import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Finding } from "@common/contract/findings";
import type { FindingInput } from "@common/finding-input";
import type { FindingStatus } from "@common/findings";
import { findingKeys } from "@/api/findings";
import { type Answer, send } from "@/lib/api";

type Written = Answer<{ success: true; data: Finding }>;

/** A finding's fields as the forms send them (a type only: zod stays on the server); the server checks them and names a bad one. */
export type FindingFields = Partial<FindingInput>;

/** After any write, every list and count of findings reads again (the job's table and the dashboard's counts). */
function useWrite<Input>(write: (input: Input) => Promise<Written>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (answer) => (answer.ok ? queryClient.invalidateQueries({ queryKey: findingKeys.all }) : undefined),
  });
}

/** PATCH /api/findings/:id { status, comment }: the customer plans or reports a repair; staff make any move of the life cycle. */
export const useMoveFinding = () =>
  useWrite(({ id, status, comment }: { id: number; status: FindingStatus; comment: string }): Promise<Written> =>
    send("PATCH", `/api/findings/${id}`, { body: { status, comment } }),
  );

/** POST /api/admin/jobs/:id/findings: a finding added by hand or placed on the map. */
export const useAddFinding = (jobId: number) =>
  useWrite((fields: FindingFields): Promise<Written> => send("POST", `/api/admin/jobs/${jobId}/findings`, { body: fields }));

/** PATCH /api/admin/findings/:id: any field, a status move, a comment. */
export const useEditFinding = () =>
  useWrite(({ id, ...fields }: FindingFields & { id: number; comment?: string }): Promise<Written> =>
    send("PATCH", `/api/admin/findings/${id}`, { body: fields }),
  );
