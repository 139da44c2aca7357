import { type QueryKey, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { FlightProposalWire } from "@common/contract/flight-proposal";
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
  /** The back office: the map may centre on where the job's photos were taken (GET /api/admin/jobs/{id}/flight-proposal, the admin's and the pilot's). */
  photos?: boolean;
}

/** The middle of the job's photos' positions: the flights they tell of, each weighted by its photos; null without one. */
function photosCentre(proposal: FlightProposalWire | undefined) {
  const flights = proposal?.flights ?? [];
  const photoCount = flights.reduce((sum, flight) => sum + flight.photoCount, 0);
  if (photoCount === 0) return null;
  const mean = (of: (flight: FlightProposalWire["flights"][number]) => number) =>
    flights.reduce((sum, flight) => sum + of(flight) * flight.photoCount, 0) / photoCount;
  return { lat: mean((flight) => flight.lat), lon: mean((flight) => flight.lon), photoCount };
}

/**
 * "Draw site boundary" (or "Edit site boundary" once there is one): the editor in a dialog and
 * "Save boundary" (PUT /api/jobs/:id/site-boundary). The customer's job page offers it while the
 * request is open, the admin's at any time (who may also centre the map on the job's photos); the
 * server's refusal shows in the dialog, the drawing kept.
 * boundary-button.tsx loads it when its button is first pressed.
 */
export function SiteBoundaryDialog({ job, jobQueryKey, photos = false, openAtOnce = false }: SiteBoundaryDialogProps & OpensAtOnce) {
  const label = boundaryLabel(job);
  const [boundary, setBoundary] = useState<SiteBoundary | null>(job.siteBoundary);
  const { open, onOpenChange, close, refusal, setRefusal } = useFormDialog(() => setBoundary(job.siteBoundary), openAtOnce);
  // The same query as the Mark flown step's proposal: asked once the dialog opens, never for the customer.
  const proposal = useQuery<{ data: FlightProposalWire }, Error, FlightProposalWire>({
    queryKey: [`/api/admin/jobs/${job.id}/flight-proposal`],
    select: (answer) => answer.data,
    enabled: photos && open,
  });
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
            photosAt={photosCentre(proposal.data)}
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
