import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import type { Job } from "@common/contract/jobs";
import type { ErrorResponse } from "@common/contract/wire";
import type { SiteBoundary } from "@common/site-boundary";
import { formatSiteArea } from "@common/site-area";
import { Dialog, DialogContent, DialogHeading, DialogTrigger } from "@/components/ui/dialog";
import type { OpensAtOnce } from "@/components/ui/dialog-on-demand";
import { DialogForm, useFormDialog } from "@/components/ui/form-dialog";
import { mapLayerKeys } from "@/api/map-layers";
import { saveSiteBoundary } from "@/api/site-boundary";
import { toast } from "@/lib/use-toast";
import { BoundaryTrigger, boundaryLabel } from "./boundary-trigger";
import { LazyBoundaryEditor } from "./boundary-editor-loader";

const UNFINISHED_BOUNDARY = "Finish the boundary (at least three corners, none crossing) before saving it.";

export interface SiteBoundaryDialogProps {
  job: Pick<Job, "id" | "site" | "siteBoundary">;
  /** The page's query of the job, read again once the boundary is saved (its area shows there). */
  jobQueryKey: QueryKey;
}

/**
 * "Draw site boundary" (or "Edit site boundary" once there is one): the editor in a dialog and
 * "Save boundary" (PUT /api/jobs/:id/site-boundary). The customer's job page offers it while the
 * request is open, the admin's at any time; the server's refusal shows in the dialog, the drawing kept.
 * boundary-button.tsx loads it when its button is first pressed.
 */
export function SiteBoundaryDialog({ job, jobQueryKey, openAtOnce = false }: SiteBoundaryDialogProps & OpensAtOnce) {
  const label = boundaryLabel(job);
  const [boundary, setBoundary] = useState<SiteBoundary | null>(job.siteBoundary);
  const { open, onOpenChange, close, refusal, setRefusal } = useFormDialog(() => setBoundary(job.siteBoundary), openAtOnce);
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (drawn: SiteBoundary) => saveSiteBoundary(job.id, drawn),
    onSuccess: (answer) => {
      if (answer.ok) return Promise.all([jobQueryKey, mapLayerKeys.all].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!boundary) return setRefusal(UNFINISHED_BOUNDARY);
    setRefusal(undefined);
    const answer = await save.mutateAsync(boundary);
    if (!answer.ok) {
      const errors = (answer.body as ErrorResponse | undefined)?.errors ?? {};
      return setRefusal(errors.coordinates ?? answer.message ?? answer.generic);
    }
    toast({ title: "Site boundary saved", description: formatSiteArea(answer.data), variant: "success" });
    close();
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <BoundaryTrigger label={label} />
      </DialogTrigger>
      <DialogContent className="max-w-3xl">
        <DialogHeading title={label} description="Outline the site on the map: we price and plan the flight by its area." />
        <DialogForm
          label={label}
          onSubmit={(event) => void onSubmit(event)}
          refusal={refusal}
          submit="Save boundary"
          submitting="Saving…"
          pending={save.isPending}
        >
          <LazyBoundaryEditor
            value={job.siteBoundary}
            site={job.site}
            onChange={(drawn) => {
              setBoundary(drawn);
              if (drawn) setRefusal(undefined);
            }}
          />
        </DialogForm>
      </DialogContent>
    </Dialog>
  );
}
