import { Pencil } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Badge, Card } from "@/components/ui/card";
import { ErrorState, LoadingState } from "@/components/ui/panel-states";
import { formatDateTime } from "@/lib/format";
import { type PageSummary, useSitePages } from "./api";

/** A page's name in the back office: its navigation label, "Home" for the home page. */
export const pageName = (page: { key: string; navLabel: string | null }) => page.navLabel ?? (page.key === "home" ? "Home" : page.key);

/** Where a page stands: whether its draft differs from what visitors see, and which version they see. */
function PageState({ page }: { page: PageSummary }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      {page.unpublishedChanges ? <Badge>Unpublished changes</Badge> : <span>Up to date</span>}
      <span className="text-muted-foreground">
        {page.publishedVersion === null ? "Never published" : `Version ${page.publishedVersion} live`}
        {page.hidden ? ", hidden" : ""}
      </span>
    </div>
  );
}

/** Every page of the public site with where its draft stands and when it was last saved (docs/decisions/0061-site-pages.md). */
export function PageList({ onEdit }: { onEdit: (key: string, page: PageSummary) => void }) {
  const pages = useSitePages();
  if (pages.isPending) return <LoadingState label="Loading the pages…" />;
  if (pages.isError) return <ErrorState>The pages could not be loaded.</ErrorState>;
  return (
    <Card className="overflow-x-auto p-0">
      <table className="w-full text-sm">
        <caption className="sr-only">The site's pages</caption>
        <thead className="border-b bg-muted/40">
          <tr>
            {["Page", "Address", "State", "Last saved", "Actions"].map((header) => (
              <th key={header} scope="col" className="px-4 py-2 text-left font-medium">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {pages.data.map((page) => (
            <tr key={page.key} className="border-b last:border-b-0">
              <th scope="row" className="px-4 py-3 text-left font-semibold">
                {pageName(page)}
              </th>
              <td className="px-4 py-3 font-mono">{page.route}</td>
              <td className="px-4 py-3">
                <PageState page={page} />
              </td>
              <td className="px-4 py-3">{page.updatedAt ? formatDateTime(page.updatedAt) : "Never saved"}</td>
              <td className="px-4 py-3">
                <Button type="button" size="sm" variant="ghost" onClick={() => onEdit(page.key, page)}>
                  <Pencil aria-hidden />
                  Edit<span className="sr-only"> {pageName(page)}</span>
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
