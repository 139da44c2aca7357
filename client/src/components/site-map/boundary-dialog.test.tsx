// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { siteBoundaryMessages } from "@common/site-boundary";
import { jobKeys } from "@/api/jobs";
import { answerRequests } from "@/testing/answer-fetch";
import { drawSquareByKeyboard, stubMapPixels } from "@/testing/boundary-drawing";
import { renderScreen } from "@/testing/render-screen";
import { squareBoundary } from "@/testing/sample-site-boundary";
import { SiteBoundaryDialog } from "./boundary-dialog";

const SITE = { name: "East field", address: "", latitude: 32, longitude: -97 };
const BOUNDARY = squareBoundary([-97, 32]);
const AREA = { areaM2: 4_200, acres: 1.04, hectares: 0.42 };

beforeEach(stubMapPixels);

async function openDialog(siteBoundary: typeof BOUNDARY | null = null, photos = false) {
  const rendered = renderScreen(<SiteBoundaryDialog job={{ id: 12, site: SITE, siteBoundary }} jobQueryKey={jobKeys.all} photos={photos} />);
  const label = siteBoundary ? "Edit site boundary" : "Draw site boundary";
  await rendered.user.click(screen.getByRole("button", { name: label }));
  const dialog = await screen.findByRole("dialog", { name: label });
  await within(dialog).findByRole("region", { name: "Site boundary map" });
  return { ...rendered, dialog };
}

/** A flight of the job's photos, as GET /api/admin/jobs/{id}/flight-proposal answers it. */
const flightAt = (lat: number, lon: number, photoCount: number) => ({
  start: "2026-11-02T15:00:00.000Z",
  end: "2026-11-02T15:20:00.000Z",
  durationMinutes: 20,
  maxHeightMetres: 60,
  lat,
  lon,
  aircraftId: null,
  aircraftName: null,
  cameraSerial: null,
  photoCount,
});

describe("the site boundary dialog", () => {
  it("in the back office, centres the map on the job's photos (their flights weighted by their photos), where the next corner lands", async () => {
    const proposal = { success: true, data: { flights: [flightAt(31, -96, 3), flightAt(31.4, -96.4, 1)], skipped: [] } };
    const sent = answerRequests({
      "GET /api/admin/jobs/12/flight-proposal": { status: 200, body: proposal },
      "PUT /api/jobs/12/site-boundary": { status: 200, body: AREA },
    });
    const { user, dialog } = await openDialog(null, true);
    await user.click(await within(dialog).findByRole("button", { name: "Centre on the job's photos (4 with a position)" }));
    await drawSquareByKeyboard(user);
    await user.click(within(dialog).getByRole("button", { name: "Save boundary" }));
    expect(await screen.findByText("Site boundary saved")).toBeTruthy();
    const [lon, lat] = (sent.find((request) => request.method === "PUT")!.body as typeof BOUNDARY).coordinates[0]![0]!;
    expect(lon).toBeCloseTo(-96.1, 4);
    expect(lat).toBeCloseTo(31.1, 4);
  });

  it("never asks for the photos on the customer's page, and offers no centring without them", async () => {
    const sent = answerRequests({});
    const { dialog } = await openDialog();
    expect(within(dialog).queryByRole("button", { name: /Centre on the job's photos/ })).toBeNull();
    expect(sent).toEqual([]);
  });

  it("saves the boundary drawn (PUT), then closes", async () => {
    const sent = answerRequests({ "PUT /api/jobs/12/site-boundary": { status: 200, body: AREA } });
    const { user, dialog } = await openDialog();
    await drawSquareByKeyboard(user);
    await user.click(within(dialog).getByRole("button", { name: "Save boundary" }));

    expect(await screen.findByText("Site boundary saved")).toBeTruthy();
    expect(screen.getByText("1.04 acres (0.42 ha)")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(sent).toHaveLength(1);
    const body = sent[0]!.body as typeof BOUNDARY;
    expect(body.type).toBe("Polygon");
    expect(body.coordinates[0]).toHaveLength(5);
    expect(body.coordinates[0]![0]).toEqual([-97, 32]);
  });

  it("asks for a finished boundary before sending anything", async () => {
    const sent = answerRequests({});
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole("button", { name: "Save boundary" }));
    expect(within(dialog).getByRole("alert").textContent).toMatch(/^Finish the boundary/);
    expect(sent).toEqual([]);
  });

  it("shows the server's refusal in the dialog and keeps the drawing", async () => {
    const locked = "The site boundary can be changed until the request is accepted; ask us to change it";
    answerRequests({ "PUT /api/jobs/12/site-boundary": { status: 409, body: { message: locked } } });
    const { user, dialog } = await openDialog(BOUNDARY);
    expect(within(dialog).getByText("Area: 10.36 acres (4.19 ha)")).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Save boundary" }));
    expect((await within(dialog).findByText(locked)).closest("[role=alert]")).toBeTruthy();
    expect(within(dialog).getByText("Area: 10.36 acres (4.19 ha)")).toBeTruthy();
  });

  it("puts a refusal of the shape, named by coordinates, above the map", async () => {
    answerRequests({
      "PUT /api/jobs/12/site-boundary": { status: 400, body: { message: "Invalid body", errors: { coordinates: siteBoundaryMessages.tooLarge } } },
    });
    const { user, dialog } = await openDialog(BOUNDARY);
    await user.click(within(dialog).getByRole("button", { name: "Save boundary" }));
    expect(await within(dialog).findByText(siteBoundaryMessages.tooLarge)).toBeTruthy();
  });
});
