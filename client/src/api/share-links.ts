import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CreateShareLinkInput, ShareLink } from "@common/contract/share-links";
import type { ListResponse, MessageResponse } from "@common/contract/wire";
import { type Answer, dataOf, send } from "@/lib/api";

/** A job's share links, read by the owner's dialog and written by its forms. */
const shareLinkKeys = { job: (jobId: number) => ["/api/share-links", jobId] as const };

/** What one link shares, as its recipient's page reads it (features/share). */
export const shareKeys = { token: (token: string) => ["/api/share", token] as const };

/** GET /api/jobs/:id/share-links: the job's links, newest first, with their access logs. */
export const shareLinksQuery = (jobId: number) =>
  queryOptions({
    queryKey: shareLinkKeys.job(jobId),
    queryFn: async ({ signal }) =>
      dataOf(await send<ListResponse<ShareLink>>("GET", `/api/jobs/${jobId}/share-links`, { signal }), "The share links could not be loaded."),
  });

export const useShareLinks = (jobId: number) => useQuery({ ...shareLinksQuery(jobId), select: (answer) => answer.data });

/** POST /api/jobs/:id/share-links: the new link's id and address (shown this once); a refusal names its field. */
export const createShareLink = (jobId: number, input: CreateShareLinkInput): Promise<Answer<{ success: true; data: { id: number; url: string } }>> =>
  send("POST", `/api/jobs/${jobId}/share-links`, { body: input });

/** DELETE /api/share-links/:id: the link stops working at once. */
export const revokeShareLink = (linkId: number): Promise<Answer<MessageResponse>> => send("DELETE", `/api/share-links/${linkId}`);
