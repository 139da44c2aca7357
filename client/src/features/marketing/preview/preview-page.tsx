import { useQuery } from "@tanstack/react-query";
import { useParams } from "wouter";
import type { SitePagePreview } from "@common/contract/site-pages";
import { LoadingState, RecordPageError } from "@/components/ui/panel-states";
import { ApiError, dataOf, send } from "@/lib/api";
import { formatDateTime } from "@/lib/format";
import { withQueries } from "@/lib/with-queries";
import { ServicePage } from "../components/service-page";
import { FlightSystems } from "../home/flight-systems";
import { Hero } from "../home/hero";
import { MissionProfiles } from "../home/mission-profiles";

/** GET /api/pages/preview/:token: the page's current draft; 404 for a link that is not valid, 410 once it expired. */
const usePreview = (token: string) =>
  useQuery({
    queryKey: ["page-preview", token],
    queryFn: async ({ signal }) =>
      dataOf(await send<SitePagePreview>("GET", `/api/pages/preview/${encodeURIComponent(token)}`, { signal }), "The preview could not be loaded."),
    // A draft changes while a partner reads it only when they reload.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    retry: false,
  });

/**
 * A draft of a page as visitors would see it once published, from a preview link
 * (docs/decisions/0061-site-pages.md): the page's own components, under a bar that says it is not
 * the site.
 */
function PreviewPage() {
  const { token = "" } = useParams<{ token: string }>();
  const preview = usePreview(token);
  if (preview.isPending) return <LoadingState label="Loading the preview…" />;
  if (preview.isError) {
    const status = preview.error instanceof ApiError ? preview.error.status : null;
    const title = status === 410 ? "This preview link has expired" : status === 404 ? "Preview not found" : "The preview could not be loaded";
    return (
      <RecordPageError eyebrow="// Preview" title={title} back={null}>
        {status === 410 || status === 404 ? preview.error.message : "Please try again later."}
      </RecordPageError>
    );
  }
  const { key, document, expiresAt } = preview.data;
  return (
    <>
      <div role="status" className="sticky top-0 z-40 border-b border-amber-500 bg-amber-100 px-4 py-2 text-center font-semibold text-amber-950">
        Preview — not published
        <span className="ml-2 font-normal">{`This link works until ${formatDateTime(expiresAt)}.`}</span>
      </div>
      {"navLabel" in document ? (
        <ServicePage pageKey={key} document={document} />
      ) : (
        <>
          <Hero document={document} />
          <MissionProfiles document={document} />
          <FlightSystems document={document} />
        </>
      )}
    </>
  );
}

export default withQueries(PreviewPage);
