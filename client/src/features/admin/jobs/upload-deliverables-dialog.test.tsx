// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { MapLayer } from "@common/contract/map-layers";
import { mapLayerMessages } from "@common/map-layers";
import { answerRequests } from "@/testing/answer-fetch";
import { errorOf } from "@/testing/field-error";
import { answerJobLayers, expectRefusalUnderFile, LAYER_KIND_OPTIONS, LayerCount, layerUploadOf, tiffFile } from "@/testing/job-layers";
import { sampleQueuedLayer } from "@/testing/sample-map-layer";
import { answerTusUploads } from "@/testing/answer-tus-uploads";
import { renderScreen } from "@/testing/render-screen";
import { UploadDeliverablesDialog } from "./upload-deliverables-dialog";

const layer = sampleQueuedLayer({
  id: 7,
  kind: "orthomosaic",
  title: "Roof orthomosaic",
  bands: ["red", "green", "blue"],
  originalName: "ortho.tif",
  originalSize: 64,
});

async function openDialog() {
  const rendered = renderScreen(
    <>
      <UploadDeliverablesDialog job={{ id: 12, title: "Roof array survey", customerName: "Harriet Quimby" }} />
      <LayerCount />
    </>,
  );
  await rendered.user.click(screen.getByRole("button", { name: "Upload deliverables" }));
  const dialog = await screen.findByRole("dialog", { name: "Upload deliverables" });
  return { ...rendered, dialog };
}

const fileInput = (dialog: HTMLElement) => dialog.querySelector<HTMLInputElement>("input[type=file]")!;

describe("Upload deliverables", () => {
  it("offers reports, photos and videos, and map layers; a report asks for a title and a description, no layer fields", async () => {
    answerJobLayers();
    answerTusUploads();
    const { dialog } = await openDialog();
    expect([...within(dialog).getByLabelText<HTMLSelectElement>("What").options].map((option) => option.text)).toEqual([
      "Report",
      "Photos and videos",
      "Map layer (GeoTIFF)",
    ]);
    expect(within(dialog).getByLabelText("Description (optional)")).toBeTruthy();
    expect(within(dialog).queryByLabelText("Kind")).toBeNull();
    expect(within(dialog).queryByLabelText("Captured on")).toBeNull();
  });

  it("uploads a map layer as Add map layer does (tus kind layer, its kind as layerKind), shows it on the job's map, and closes", async () => {
    let listed: MapLayer[] = [];
    const sent = answerJobLayers(() => listed);
    const server = answerTusUploads({ complete: () => ({ status: 200, body: { success: true, data: layer } }) });
    const { user, dialog } = await openDialog();
    expect(await screen.findByText("0 layers")).toBeTruthy();

    await user.selectOptions(within(dialog).getByLabelText("What"), "Map layer (GeoTIFF)");
    expect(within(dialog).queryByLabelText("Description (optional)")).toBeNull();
    expect([...within(dialog).getByLabelText<HTMLSelectElement>("Kind").options].map((option) => option.text)).toEqual(LAYER_KIND_OPTIONS);
    expect(fileInput(dialog).getAttribute("accept")).toBe(".tif,.tiff,image/tiff");
    await user.type(within(dialog).getByLabelText("Title"), "Roof orthomosaic");
    await user.type(within(dialog).getByLabelText("Captured on"), "2026-12-02");
    await user.upload(fileInput(dialog), tiffFile("ortho.tif"));
    listed = [layer];
    await user.click(within(dialog).getByRole("button", { name: "Upload" }));

    expect(await screen.findByText("Layer uploaded")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(server.uploads.map(({ metadata, offset, length }) => ({ metadata, offset, length }))).toEqual([
      layerUploadOf({ layerKind: "orthomosaic", title: "Roof orthomosaic", filename: "ortho.tif" }),
    ]);
    expect(await screen.findByText("1 layers")).toBeTruthy();
    expect(sent.filter((request) => request.url === "/api/jobs/12/layers")).toHaveLength(2);
  });

  it("refuses in the browser a layer without a title, bands or GeoTIFF, naming each field, and sends nothing", async () => {
    answerJobLayers();
    const server = answerTusUploads();
    const { user, dialog } = await openDialog();
    await user.selectOptions(within(dialog).getByLabelText("What"), "Map layer (GeoTIFF)");
    await user.selectOptions(within(dialog).getByLabelText("Kind"), "Multispectral");
    await user.click(within(dialog).getByRole("button", { name: "Upload" }));

    expect(errorOf(within(dialog).getByLabelText("Title"))).toBe(mapLayerMessages.title);
    expect(errorOf(within(dialog).getByLabelText("Bands"))).toBe(mapLayerMessages.bandsNeeded);
    expect(errorOf(fileInput(dialog))).toMatch(/choose the layer's GeoTIFF/);
    expect(server.uploads).toEqual([]);
  });

  it("shows the server's refusal of a layer's raster under the file, keeping every field", async () => {
    answerJobLayers();
    const refused = "The raster is 200,000 × 200,000 pixels: more than a drone survey makes here";
    const server = answerTusUploads({ complete: () => ({ status: 400, body: { message: refused, errors: { file: refused } } }) });
    const { user, dialog } = await openDialog();
    await user.selectOptions(within(dialog).getByLabelText("What"), "Map layer (GeoTIFF)");
    await user.selectOptions(within(dialog).getByLabelText("Kind"), "Thermal");
    await user.type(within(dialog).getByLabelText("Title"), "Thermal, east field");
    await user.upload(fileInput(dialog), tiffFile("giant.tif"));
    await user.click(within(dialog).getByRole("button", { name: "Upload" }));

    await expectRefusalUnderFile(dialog, fileInput(dialog), refused);
    expect(server.uploads[0]?.gone).toBe(true);
    expect(screen.queryByText("Layer uploaded")).toBeNull();
    expect(within(dialog).getByLabelText<HTMLInputElement>("Title").value).toBe("Thermal, east field");
    expect(within(dialog).getByLabelText<HTMLSelectElement>("Kind").value).toBe("thermal");
  });

  it("uploads a report to the job without asking for its customer or service", async () => {
    const server = answerTusUploads({ complete: () => ({ status: 201, body: { success: true, data: { id: 3 } } }) });
    answerRequests({});
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText("Title"), "Roof report");
    await user.upload(fileInput(dialog), new File(["%PDF-1.4"], "roof.pdf", { type: "application/pdf" }));
    await user.click(within(dialog).getByRole("button", { name: "Upload" }));

    expect(await screen.findByText("Upload Complete")).toBeTruthy();
    expect(server.uploads.map(({ metadata }) => metadata)).toEqual([
      { kind: "job-report", jobId: "12", title: "Roof report", filename: "roof.pdf", filetype: "application/pdf" },
    ]);
  });
});
