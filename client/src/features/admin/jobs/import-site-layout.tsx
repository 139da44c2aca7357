import { useQueryClient } from "@tanstack/react-query";
import { type ChangeEvent, useId, useState } from "react";
import { siteLayoutQuery } from "@/api/site-layout";
import { Dialog, DialogContent, DialogHeading, DialogTrigger } from "@/components/ui/dialog";
import type { OpensAtOnce } from "@/components/ui/dialog-on-demand";
import { useFormDialog } from "@/components/ui/form-dialog";
import { sendUpload } from "@/lib/upload";
import { toast } from "@/lib/use-toast";
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
  const id = useId();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const { open, onOpenChange, close, refusal, setRefusal } = useFormDialog(() => undefined, openAtOnce);

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setRefusal(undefined);
    setPending(true);
    const answer = await sendUpload<{ message: string }>(`/api/admin/jobs/${jobId}/site-layout`, {}, file);
    setPending(false);
    input.value = "";
    if (!answer.ok) {
      setRefusal(answer.message ?? answer.generic);
      return;
    }
    toast({ title: answer.data.message, variant: "success" });
    await queryClient.invalidateQueries({ queryKey: siteLayoutQuery(jobId).queryKey });
    close();
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <ImportSiteLayoutTrigger />
      </DialogTrigger>
      <DialogContent>
        <DialogHeading
          title="Import site layout"
          description="A GeoJSON or KML of the site's tables, rows or strings (block, row and string as properties), or a farm's fields by name. Findings placed inside one take its locator. It replaces the job's layout."
        />
        <div className="space-y-2">
          <label htmlFor={id} className="text-sm font-medium">
            Layout file (GeoJSON or KML)
          </label>
          <input
            id={id}
            type="file"
            accept=".geojson,.json,.kml,application/geo+json,application/vnd.google-earth.kml+xml"
            className="block w-full text-sm"
            disabled={pending}
            onChange={(event) => void onChange(event)}
            aria-describedby={refusal ? `${id}-error` : undefined}
            aria-invalid={refusal ? true : undefined}
          />
          {pending ? <p className="text-sm text-muted-foreground">Importing the layout…</p> : null}
          {refusal ? (
            <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
              {refusal}
            </p>
          ) : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}
