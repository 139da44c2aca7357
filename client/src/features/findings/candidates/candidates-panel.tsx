import type { LayerDetection } from "@common/contract/finding-detection";
import type { Finding } from "@common/contract/findings";
import { FINDING_CLASS_LABELS } from "@common/findings";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ErrorState, LoadingState } from "@/components/ui/panel-states";
import { toast } from "@/lib/use-toast";
import { useCandidates, useDecide, useDetect, useDetections } from "./api";
import { CropThumbnails } from "@/components/findings/crop-thumbnails";
import { showOnMap } from "../show-on-map";

function detectionText(layer: LayerDetection): string {
  if (layer.layerStatus !== "ready") return `Layer ${layer.layerStatus}: detection waits until it is processed.`;
  switch (layer.status) {
    case null:
      return "Not searched yet.";
    case "queued":
      return "Detection queued…";
    case "running":
      return "Detection running…";
    case "done":
      return `Done: ${layer.candidates === 1 ? "1 candidate" : `${layer.candidates ?? 0} candidates`}.`;
    case "failed":
      return `Detection failed: ${layer.error ?? "no reason given"}`;
  }
}

const degrees = (value: number | null) => (value === null ? "—" : `${value.toFixed(1)} °C`);

/** One thermal layer with its Detect hot spots action and where its detection stands. */
function LayerRow({ layer }: { layer: LayerDetection }) {
  const detect = useDetect();
  const running = layer.status === "queued" || layer.status === "running";
  const onDetect = async () => {
    const answer = await detect.mutateAsync(layer.layerId);
    if (answer.ok) toast({ title: "Detection queued", description: layer.layerTitle, variant: "success" });
    else toast({ title: "Detection could not start", description: answer.message ?? answer.generic, variant: "destructive" });
  };
  return (
    <li className="flex flex-wrap items-center justify-between gap-2">
      <span className="min-w-0 break-words">
        <span className="font-medium">{layer.layerTitle}</span>{" "}
        <span className="text-muted-foreground" role="status">
          {detectionText(layer)}
        </span>
      </span>
      <Button
        type="button"
        size="sm"
        variant="outline"
        disabled={layer.layerStatus !== "ready" || running || detect.isPending}
        onClick={() => void onDetect()}
        aria-label={`Detect hot spots on ${layer.layerTitle}`}
      >
        Detect hot spots
      </Button>
    </li>
  );
}

function CandidateRow({ finding, onDecide, busy }: { finding: Finding; onDecide: (ids: number[], status: "open" | "dismissed") => void; busy: boolean }) {
  const name = `${FINDING_CLASS_LABELS[finding.class]} at ${finding.lat.toFixed(6)}, ${finding.lon.toFixed(6)}`;
  return (
    <li className="space-y-2 rounded-md border p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-medium">{FINDING_CLASS_LABELS[finding.class]}</span>
        <span className="text-sm">
          ΔT <strong>{degrees(finding.deltaT)}</strong> · {finding.severity}
        </span>
      </div>
      <p className="text-sm text-muted-foreground">
        Max {degrees(finding.maxTemp)}, surroundings {degrees(finding.refTemp)} · {finding.lat.toFixed(6)}, {finding.lon.toFixed(6)}
      </p>
      <p className="break-words text-sm text-muted-foreground">{finding.note}</p>
      <CropThumbnails finding={finding} />
      <div className="flex flex-wrap gap-2">
        <Button type="button" size="sm" disabled={busy} onClick={() => onDecide([finding.id], "open")} aria-label={`Accept ${name}`}>
          Accept
        </Button>
        <Button type="button" size="sm" variant="outline" disabled={busy} onClick={() => onDecide([finding.id], "dismissed")} aria-label={`Reject ${name}`}>
          Reject
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={() => showOnMap(finding)} aria-label={`Show ${name} on map`}>
          Show on map
        </Button>
      </div>
    </li>
  );
}

/**
 * The back office's hot-spot detection on a job (docs/decisions/0033-hot-spot-detection.md): each
 * thermal layer with Detect hot spots and its state, then the candidates detection proposed, each
 * accepted (it becomes an open finding) or rejected (dismissed), or all accepted at once. Admins
 * only: customers never see a candidate.
 */
export function CandidatesPanel({ jobId }: { jobId: number }) {
  const detections = useDetections(jobId);
  const searching = detections.data?.some((layer) => layer.status === "queued" || layer.status === "running") ?? false;
  const candidates = useCandidates(jobId, { poll: searching });
  const decide = useDecide();
  if (detections.isPending) return <LoadingState label="Loading the thermal layers…" />;
  if (detections.isError) return <ErrorState>{detections.error.message}</ErrorState>;
  if (detections.data.length === 0) return null;

  const onDecide = async (ids: number[], status: "open" | "dismissed") => {
    const answers = await decide.mutateAsync({ ids, status });
    const refused = answers.filter((answer) => !answer.ok);
    const done = answers.length - refused.length;
    const verb = status === "open" ? "accepted" : "rejected";
    if (done > 0) toast({ title: done === 1 ? `Candidate ${verb}` : `${done} candidates ${verb}`, variant: "success" });
    const first = refused[0];
    if (first && !first.ok) toast({ title: `${refused.length} could not be ${verb}`, description: first.message ?? first.generic, variant: "destructive" });
  };
  const list = candidates.data ?? [];

  return (
    <section aria-labelledby="job-candidates-heading" className="space-y-3">
      <h2 id="job-candidates-heading" className="text-2xl font-bold tracking-tight">
        Candidates
      </h2>
      <Card className="space-y-5">
        <ul aria-label="Thermal layers" className="space-y-2 text-sm">
          {detections.data.map((layer) => (
            <LayerRow key={layer.layerId} layer={layer} />
          ))}
        </ul>
        {candidates.isError ? <ErrorState>{candidates.error.message}</ErrorState> : null}
        {list.length === 0 ? (
          <p className="text-sm text-muted-foreground">No candidates waiting for a decision.</p>
        ) : (
          <div className="space-y-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="text-sm">
                {list.length === 1 ? "1 candidate" : `${list.length} candidates`} waiting: accept the real faults, reject the rest. Customers see only the
                accepted ones.
              </p>
              <Button
                type="button"
                size="sm"
                disabled={decide.isPending}
                onClick={() =>
                  void onDecide(
                    list.map((finding) => finding.id),
                    "open",
                  )
                }
              >
                Accept all
              </Button>
            </div>
            <ul aria-label="Candidates" className="space-y-2">
              {list.map((finding) => (
                <CandidateRow key={finding.id} finding={finding} busy={decide.isPending} onDecide={(ids, status) => void onDecide(ids, status)} />
              ))}
            </ul>
          </div>
        )}
      </Card>
    </section>
  );
}
