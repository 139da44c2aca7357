// @vitest-environment happy-dom
import { screen, waitForElementToBeRemoved, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { LayerDetection } from "@common/contract/finding-detection";
import type { Finding } from "@common/contract/findings";
import { answerRequests } from "@/testing/answer-fetch";
import { renderScreen } from "@/testing/render-screen";
import { useShowOnMap } from "../show-on-map";
import { CandidatesPanel } from "./candidates-panel";

/** The job's map as far as "Show on map" reaches it: the findings it was asked to show. */
const askedToShow: Finding[] = [];
const rememberAsked = (finding: Finding) => void askedToShow.push(finding);
function MapListening() {
  useShowOnMap(rememberAsked);
  return null;
}

const layer = (overrides: Partial<LayerDetection> = {}): LayerDetection => ({
  layerId: 3,
  layerTitle: "Roof thermal",
  layerStatus: "ready",
  status: "done",
  candidates: 2,
  error: null,
  requestedAt: "2026-11-20T09:00:00.000Z",
  updatedAt: "2026-11-20T09:01:00.000Z",
  ...overrides,
});

const candidate = (id: number, deltaT: number): Finding => ({
  id,
  jobId: 12,
  class: "hot_spot",
  severity: deltaT >= 20 ? "critical" : deltaT >= 10 ? "moderate" : "minor",
  severityReason: "",
  status: "candidate",
  dismissReason: "",
  lat: 32.001 + id / 1e5,
  lon: -97.3,
  polygon: null,
  locator: "",
  maxTemp: 30 + deltaT,
  refTemp: 30,
  deltaT,
  indexValue: null,
  powerLoss: null,
  mediaIds: [],
  images: [],
  outsideLayers: [],
  note: "Found on the thermal layer Roof thermal: a hot area of about 0.16 m² at least 3 °C warmer than its surroundings.",
  history: [],
  createdAt: "2026-11-20T09:01:00.000Z",
  updatedAt: "2026-11-20T09:01:00.000Z",
});

const list = <T,>(data: T[]) => ({ status: 200, body: { success: true, data } });
const OPEN = (finding: Finding) => ({ status: 200, body: { success: true, data: { ...finding, status: "open" } } });

describe("the job's hot-spot candidates", () => {
  it("shows each thermal layer's detection, queues a new one, and accepts or rejects candidates one by one or all at once", async () => {
    const crop = { kind: "thermal", title: "Thermal: Roof thermal", url: "/api/jobs/12/findings/41/images/7", width: 236, height: 270 } as const;
    const [first, second] = [{ ...candidate(41, 12.5), images: [crop] }, candidate(42, 24)];
    const sent = answerRequests({
      "GET /api/admin/jobs/12/detections": list([
        layer(),
        layer({ layerId: 4, layerTitle: "West roof", layerStatus: "processing", status: null, candidates: null }),
      ]),
      "GET /api/admin/jobs/12/findings?candidates=true": list([first!, second!]),
      "GET /api/jobs/12/layers": list([]),
      "POST /api/admin/layers/3/detect": {
        status: 202,
        body: { success: true, message: "Detection queued", data: layer({ status: "queued", candidates: null }) },
      },
      "PATCH /api/admin/findings/41": OPEN(first!),
      "PATCH /api/admin/findings/42": OPEN(second!),
    });
    const { user } = renderScreen(
      <>
        <MapListening />
        <CandidatesPanel jobId={12} />
      </>,
      "/admin-dashboard/jobs/12",
    );

    const panel = await screen.findByRole("region", { name: "Candidates" });
    const layers = within(panel).getByRole("list", { name: "Thermal layers" });
    expect(within(layers).getByText("Done: 2 candidates.")).toBeTruthy();
    expect(within(layers).getByText("Layer processing: detection waits until it is processed.")).toBeTruthy();
    expect((within(layers).getByRole("button", { name: "Detect hot spots on West roof" }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(within(layers).getByRole("button", { name: "Detect hot spots on Roof thermal" }));
    expect(sent).toContainEqual({ method: "POST", url: "/api/admin/layers/3/detect", body: undefined });

    const candidates = await within(panel).findByRole("list", { name: "Candidates" });
    expect(within(candidates).getAllByRole("listitem")).toHaveLength(2);
    expect(within(candidates).getByText("12.5 °C")).toBeTruthy();
    // The owner judges a candidate by its crop of the thermal layer; one not yet cropped shows none.
    const [withCrop, without] = within(candidates).getAllByRole("listitem");
    expect(within(withCrop!).getByRole<HTMLImageElement>("img", { name: "Thermal: Roof thermal" }).getAttribute("src")).toBe(crop.url);
    expect(within(without!).queryByRole("img")).toBeNull();
    // Each candidate can be shown on the job's map, named as its Accept and Reject are.
    await user.click(within(candidates).getByRole("button", { name: "Show Hot spot at 32.001420, -97.300000 on map" }));
    expect(askedToShow.map((finding) => finding.id)).toEqual([42]);
    await user.click(within(candidates).getByRole("button", { name: /^Reject Hot spot at 32\.00141/ }));
    expect(sent).toContainEqual({ method: "PATCH", url: "/api/admin/findings/41", body: { status: "dismissed" } });

    await user.click(within(panel).getByRole("button", { name: "Accept all" }));
    const patches = sent.filter((request) => request.method === "PATCH").slice(1);
    expect(patches).toEqual([
      { method: "PATCH", url: "/api/admin/findings/41", body: { status: "open" } },
      { method: "PATCH", url: "/api/admin/findings/42", body: { status: "open" } },
    ]);
  });

  it("shows nothing on a job without a thermal layer", async () => {
    answerRequests({ "GET /api/admin/jobs/12/detections": list([]), "GET /api/jobs/12/layers": list([]) });
    renderScreen(<CandidatesPanel jobId={12} />, "/admin-dashboard/jobs/12");
    await waitForElementToBeRemoved(() => screen.queryByText("Loading the thermal layers…"));
    expect(screen.queryByRole("region", { name: "Candidates" })).toBeNull();
  });
});
