import { useQuery } from "@tanstack/react-query";
import type { FlightProposalWire } from "@common/contract/flight-proposal";
import { isoToZoned } from "@common/wall-clock";
import { Button } from "@/components/ui/button";

export type ProposedFlightView = FlightProposalWire["flights"][number];

/** "12:09:30" at the site: a photo's time to the second, in the job's zone. */
export function zonedWithSeconds(iso: string, timeZone: string): string {
  return `${isoToZoned(iso, timeZone)}:${String(new Date(iso).getUTCSeconds()).padStart(2, "0")}`;
}

const place = (flight: ProposedFlightView) => `${flight.lat.toFixed(5)}, ${flight.lon.toFixed(5)}`;

/**
 * The flights the job's photos tell of (GET /api/admin/jobs/{id}/flight-proposal, docs/decisions/
 * 0069-flights-from-photos.md) on the "Mark flown" step: each with "Use this", which fills the form
 * below for the pilot to confirm or correct, and the photos left out with what each lacked.
 */
export function FlightProposalPanel({ jobId, timeZone, onUse }: { jobId: number; timeZone: string; onUse: (flight: ProposedFlightView) => void }) {
  const proposal = useQuery<{ data: FlightProposalWire }, Error, FlightProposalWire>({
    queryKey: [`/api/admin/jobs/${jobId}/flight-proposal`],
    select: (answer) => answer.data,
  });
  if (proposal.isPending) return <p className="text-sm text-muted-foreground">Reading the job's photos…</p>;
  if (proposal.isError) return <p className="text-sm text-destructive">The photos could not be read: {proposal.error.message}</p>;
  const { flights, skipped } = proposal.data;
  return (
    <section aria-label="Flights from the photos" className="space-y-2 rounded-md border border-border p-3">
      <h3 className="font-semibold">From the photos</h3>
      {flights.length === 0 ? <p className="text-sm text-muted-foreground">No flight: no photo of this job has both a time taken and a position.</p> : null}
      <ul className="space-y-2">
        {flights.map((flight) => (
          <li key={flight.start} aria-label={`Proposed flight at ${zonedWithSeconds(flight.start, timeZone).replace("T", " ")}`} className="text-sm">
            <p>
              {zonedWithSeconds(flight.start, timeZone).replace("T", " ")} – {zonedWithSeconds(flight.end, timeZone).slice(11)} · {flight.durationMinutes} min ·
              max {flight.maxHeightMetres === null ? "height not recorded" : `${flight.maxHeightMetres} m`} · {place(flight)} ·{" "}
              {flight.aircraftName ?? (flight.cameraSerial ? `no aircraft with serial ${flight.cameraSerial}` : "aircraft unknown")} · {flight.photoCount}{" "}
              {flight.photoCount === 1 ? "photo" : "photos"}
            </p>
            <Button type="button" size="sm" variant="outline" onClick={() => onUse(flight)}>
              Use this
            </Button>
          </li>
        ))}
      </ul>
      {skipped.length ? (
        <div className="text-sm">
          <p className="font-medium">Photos left out</p>
          <ul aria-label="Photos left out" className="list-disc pl-5 text-muted-foreground">
            {skipped.map((photo) => (
              <li key={photo.mediaId}>
                {photo.title || `Photo #${photo.mediaId}`}: {photo.reason}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
