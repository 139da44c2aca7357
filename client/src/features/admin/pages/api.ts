import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { SiteImage } from "@common/contract/site-images";
import type { previewLinkSchema, SitePage, sitePageListSchema, sitePageVersionListSchema } from "@common/contract/site-pages";
import type { NewServicePage } from "@common/site-pages";
import { type Answer, send } from "@/lib/api";
import { useListQuery } from "@/lib/list-query";
import { sendUpload } from "@/lib/upload";

export type PageSummary = z.input<typeof sitePageListSchema>["data"][number];
export type PageVersion = z.input<typeof sitePageVersionListSchema>["data"][number];
export type PreviewLink = z.input<typeof previewLinkSchema>;

type Written<T> = { success: true; message: string; data: T };

/** The pages' queries, keyed by their URLs; every write reloads them all, the list's flags included. */
const pageKeys = {
  all: ["/api/admin/pages"] as const,
  page: (key: string) => ["/api/admin/pages", key] as const,
  versions: (key: string) => ["/api/admin/pages", key, "versions"] as const,
};

/** GET /api/admin/pages: the home page, SPEC's service pages, then those the business added. */
export const useSitePages = () => useListQuery<PageSummary>(pageKeys.all);

/** GET /api/admin/pages/:key: the draft with its revision. */
export const useSitePage = (key: string) => useQuery<SitePage>({ queryKey: pageKeys.page(key) });

/** GET /api/admin/pages/:key/versions: the published versions, newest first. */
export const usePageVersions = (key: string) => useListQuery<PageVersion>(pageKeys.versions(key));

const siteImageKeys = { all: ["/api/admin/site-images"] as const };

const pagePath = (key: string) => `/api/admin/pages/${encodeURIComponent(key)}`;

/** A write to a page; the pages reload after each, whatever the answer, so a 409 shows what another admin did. */
function usePageWrite<Input, Out>(write: (input: Input) => ReturnType<typeof send<Out>>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: write, onSettled: () => queryClient.invalidateQueries({ queryKey: pageKeys.all }) });
}

/** PUT …/draft with the revision it was loaded at (docs/decisions/0061-site-pages.md). */
export const useSaveDraft = (key: string) =>
  usePageWrite((body: { revision: number; document: unknown }) => send<Written<SitePage>>("PUT", `${pagePath(key)}/draft`, { body }));

/** POST …/publish with the revision reviewed. */
export const usePublishPage = (key: string) =>
  usePageWrite((body: { revision: number }) => send<Written<SitePage>>("POST", `${pagePath(key)}/publish`, { body }));

/** POST …/restore: a published version back into the draft. */
export const useRestoreVersion = (key: string) =>
  usePageWrite((body: { version: number; revision: number }) => send<Written<SitePage>>("POST", `${pagePath(key)}/restore`, { body }));

/** POST …/preview-link: a signed link to the saved draft. */
export const usePreviewLink = (key: string) => useMutation({ mutationFn: () => send<PreviewLink>("POST", `${pagePath(key)}/preview-link`) });

/** POST /api/admin/pages: a new service page at /<slug>; 409 naming `slug` when the address is taken. */
export const useAddServicePage = () => usePageWrite((body: NewServicePage) => send<Written<SitePage>>("POST", "/api/admin/pages", { body }));

/** GET /api/admin/site-images: the uploaded pictures, newest first, with the pages that show each. */
export const useSiteImages = () => useListQuery<SiteImage>(siteImageKeys.all);

/**
 * POST /api/admin/site-images: one picture, checked by the server by its content. Never throws: a
 * refusal's message (keyed `file`) goes under the picture field. The list reloads after a success.
 */
export function useUploadSiteImage() {
  const queryClient = useQueryClient();
  return async (file: File): Promise<Answer<Written<SiteImage>>> => {
    const answer = await sendUpload<Written<SiteImage>>("/api/admin/site-images", {}, file);
    if (answer.ok) await queryClient.invalidateQueries({ queryKey: siteImageKeys.all });
    return answer;
  };
}
