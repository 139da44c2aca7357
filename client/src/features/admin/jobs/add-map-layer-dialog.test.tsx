// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { MapLayer } from "@common/contract/map-layers";
import { mapLayerMessages } from "@common/map-layers";
import { answerRequests } from "@/testing/answer-fetch";
import { errorOf } from "@/testing/field-error";
import { answerJobLayers, expectRefusalUnderFile, LAYER_KIND_OPTIONS, LayerCount, layerUploadOf, tiffFile } from "@/testing/job-layers";
import { sampleQueuedLayer } from "@/testing/sample-map-layer";
import { renderScreen } from "@/testing/render-screen";
import { AddMapLayerDialog } from "./add-map-layer-dialog";
import { DeleteMapLayerButton } from "./delete-map-layer-button";
import { answerTusUploads } from "@/testing/answer-tus-uploads";

const layer = sampleQueuedLayer({
  id: 5,
  kind: "thermal",
  title: "Thermal, east field",
  bands: ["temperature"],
  originalName: "thermal.tif",
  originalSize: 8_100,
});

async function openDialog() {
  const rendered = renderScreen(
    <>
      <AddMapLayerDialog job={{ id: 12, title: "Roof array survey" }} />
      <LayerCount />
    </>,
  );
  await rendered.user.click(screen.getByRole("button", { name: "Add map layer" }));
  const dialog = await screen.findByRole("dialog", { name: "Add map layer" });
  return { ...rendered, dialog };
}

describe("Add map layer", () => {
  it("uploads the fields, then the file, shows the layer queued on the job's map, and closes", async () => {
    let listed: MapLayer[] = [];
    const sent = answerJobLayers(() => listed);
    const server = answerTusUploads({ complete: () => ({ status: 200, body: { success: true, data: layer } }) });
    const { user, dialog } = await openDialog();
    expect(await screen.findByText("0 layers")).toBeTruthy();
    expect([...within(dialog).getByLabelText<HTMLSelectElement>("Kind").options].map((option) => option.text)).toEqual(LAYER_KIND_OPTIONS);
    expect(within(dialog).queryByLabelText("Bands")).toBeNull();
    expect(within(dialog).getByLabelText("File").getAttribute("accept")).toBe(".tif,.tiff,image/tiff");

    await user.selectOptions(within(dialog).getByLabelText("Kind"), "Thermal");
    await user.type(within(dialog).getByLabelText("Title"), "Thermal, east field");
    await user.type(within(dialog).getByLabelText("Captured on"), "2026-12-02");
    await user.upload(within(dialog).getByLabelText("File"), tiffFile("thermal.tif"));
    listed = [layer];
    await user.click(within(dialog).getByRole("button", { name: "Upload layer" }));

    expect(await screen.findByText("Layer uploaded")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    // One resumable upload, its metadata the form's fields (the layer's kind as layerKind), the whole file sent.
    expect(server.uploads.map(({ metadata, offset, length }) => ({ metadata, offset, length }))).toEqual([
      layerUploadOf({ layerKind: "thermal", title: "Thermal, east field", filename: "thermal.tif" }),
    ]);
    // The job's map reads its layers again, and finds the new one.
    expect(await screen.findByText("1 layers")).toBeTruthy();
    expect(sent.filter((request) => request.url === "/api/jobs/12/layers")).toHaveLength(2);
  });

  it("asks a multispectral layer for its bands, and refuses in the browser what the server would, sending nothing", async () => {
    answerJobLayers();
    const server = answerTusUploads();
    const { user, dialog } = await openDialog();
    await user.selectOptions(within(dialog).getByLabelText("Kind"), "Multispectral");
    const bands = within(dialog).getByLabelText("Bands");
    expect(bands.getAttribute("placeholder")).toBe("blue,green,red,rededge,nir");
    await user.type(bands, "red,nir,nir");
    await user.click(within(dialog).getByRole("button", { name: "Upload layer" }));

    expect(errorOf(within(dialog).getByLabelText("Title"))).toBe(mapLayerMessages.title);
    expect(errorOf(bands)).toBe(mapLayerMessages.bandsRepeated);
    expect(errorOf(within(dialog).getByLabelText("File"))).toMatch(/choose the layer's GeoTIFF/);
    expect(server.uploads).toEqual([]);
  });

  it("shows the server's refusal of the file under it, keeping every field", async () => {
    answerJobLayers();
    const refused = 'File "photo.tif" is not an accepted file type';
    // Refused once complete: the bytes are no GeoTIFF.
    const server = answerTusUploads({ complete: () => ({ status: 415, body: { message: refused, errors: { file: refused } } }) });
    const { user, dialog } = await openDialog();
    await user.selectOptions(within(dialog).getByLabelText("Kind"), "Thermal");
    await user.type(within(dialog).getByLabelText("Title"), "Thermal, east field");
    await user.upload(within(dialog).getByLabelText("File"), tiffFile("photo.tif"));
    await user.click(within(dialog).getByRole("button", { name: "Upload layer" }));

    await expectRefusalUnderFile(dialog, within(dialog).getByLabelText("File"), refused);
    expect(within(dialog).getByRole("progressbar", { name: "Upload of photo.tif" }).getAttribute("aria-valuetext")).toMatch(/, failed$/);
    expect(server.uploads[0]?.gone).toBe(true);
    expect(within(dialog).getByLabelText<HTMLInputElement>("Title").value).toBe("Thermal, east field");
    expect(within(dialog).getByLabelText<HTMLSelectElement>("Kind").value).toBe("thermal");
  });

  it("shows a refusal of the content that names no field under the file", async () => {
    answerJobLayers();
    const refused = 'File "photo.tif" is not an accepted file type (accepted: GeoTIFF (.tif, .tiff))';
    answerTusUploads({ complete: () => ({ status: 415, body: { message: refused } }) });
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText("Title"), "Thermal, east field");
    await user.upload(within(dialog).getByLabelText("File"), tiffFile("photo.tif"));
    await user.click(within(dialog).getByRole("button", { name: "Upload layer" }));

    await expectRefusalUnderFile(dialog, within(dialog).getByLabelText("File"), refused);
  });

  it("shows a refusal that names no field above the form (a file over the limit)", async () => {
    answerJobLayers();
    // Refused at creation, on its declared length, before any byte is sent.
    const server = answerTusUploads({ create: () => ({ status: 413, body: { message: "The file is larger than 10240 MB" } }) });
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText("Title"), "Orthomosaic");
    await user.upload(within(dialog).getByLabelText("File"), tiffFile("ortho.tiff"));
    await user.click(within(dialog).getByRole("button", { name: "Upload layer" }));
    expect((await within(dialog).findByRole("alert")).textContent).toContain("The file is larger than 10240 MB");
    expect(server.uploads).toEqual([]);
  });
});

describe("Delete layer", () => {
  it("asks first, then deletes the layer and reads the job's layers again", async () => {
    const sent = answerJobLayers(undefined, { "DELETE /api/admin/map-layers/5": { status: 200, body: { success: true, message: "Map layer deleted" } } });
    const { user } = renderScreen(
      <>
        <DeleteMapLayerButton layer={layer} />
        <LayerCount />
      </>,
    );
    await screen.findByText("0 layers");
    await user.click(screen.getByRole("button", { name: "Delete layer Thermal, east field" }));
    const confirm = await screen.findByRole("dialog", { name: "Delete layer" });
    await user.click(within(confirm).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Layer deleted")).toBeTruthy();
    expect(sent.map((request) => `${request.method} ${request.url}`)).toEqual([
      "GET /api/jobs/12/layers",
      "DELETE /api/admin/map-layers/5",
      "GET /api/jobs/12/layers",
    ]);
  });

  it("says why a delete failed", async () => {
    answerRequests({ "DELETE /api/admin/map-layers/5": { status: 404, body: { message: "Map layer not found" } } });
    const { user } = renderScreen(<DeleteMapLayerButton layer={layer} />);
    await user.click(screen.getByRole("button", { name: "Delete layer Thermal, east field" }));
    await user.click(within(await screen.findByRole("dialog", { name: "Delete layer" })).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Map layer not found")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
