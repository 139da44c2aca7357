import { useQuery } from "@tanstack/react-query";
import type { OutboxMail } from "@common/contract/customers";
import type { ListResponse } from "@common/contract/wire";
import { outboxKeys } from "@/api/outbox";

/**
 * GET /api/admin/outbox: every mail the queue holds, newest first; a 404 in production, where the
 * address does not exist. Off for a pilot, whom the server refuses anyway.
 */
export function useOutbox(enabled: boolean) {
  return useQuery<ListResponse<OutboxMail>, Error, OutboxMail[]>({
    queryKey: outboxKeys.all,
    select: (answer) => answer.data,
    enabled,
    // The worker sends in the background: opening the tab shows the queue as it is now.
    staleTime: 0,
  });
}
