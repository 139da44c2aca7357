import { useQueryClient } from "@tanstack/react-query";
import { siteLayoutQuery } from "@/api/site-layout";
import type { OpensAtOnce } from "@/components/ui/dialog-on-demand";
import { FileImportDialog } from "@/components/ui/file-import-dialog";
import { ImportSiteLayoutTrigger } from "./import-site-layout-trigger";

export interface ImportSiteLayoutProps {
  jobId: number;
}

/**
 * "Import site layout": a GeoJSON or KML of the site's tables, rows, strings or fields
 * (docs/decisions/0071-site-layouts.md). Findings placed inside one afterwards take its locator. A
 * refused file is said under the field, with the server's reason.
 */
export function ImportSiteLayout({ jobId, openAtOnce = false }: ImportSiteLayoutProps & OpensAtOnce) {
  const queryClient = useQueryClient();
  return (
    <FileImportDialog
      url={`/api/admin/jobs/${jobId}/site-layout`}
      title="Import site layout"
      description="A GeoJSON or KML of the site's tables, rows or strings (block, row and string as properties), or a farm's fields by name. Findings placed inside one take its locator. It replaces the job's layout."
      label="Layout file (GeoJSON or KML)"
      accept=".geojson,.json,.kml,application/geo+json,application/vnd.google-earth.kml+xml"
      pendingText="Importing the layout…"
      trigger={<ImportSiteLayoutTrigger />}
      onImported={() => queryClient.invalidateQueries({ queryKey: siteLayoutQuery(jobId).queryKey })}
      openAtOnce={openAtOnce}
    />
  );
}
