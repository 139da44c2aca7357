// @vitest-environment happy-dom
import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { MapLayer } from "@common/contract/map-layers";
import { renderScreen } from "@/testing/render-screen";
import { sampleMapLayer } from "@/testing/sample-map-layer";
import { LayerPanel } from "./layer-panel";
import { activeLayer, useLayerViews } from "./layer-state";

/** The panel as the section holds it: the views' state in the hook, the active layer from it. */
function Panel({ layers, emptyText = "No map layers yet.", onZoom }: { layers: MapLayer[]; emptyText?: string; onZoom?: (layer: MapLayer) => void }) {
  const state = useLayerViews(layers);
  return <LayerPanel layers={layers} state={state} active={activeLayer(layers, state.views)} emptyText={emptyText} onZoom={onZoom} />;
}

const thermal = sampleMapLayer({
  id: 2,
  kind: "thermal",
  title: "Thermal, east field",
  bands: ["temperature"],
  stats: [{ name: "temperature", min: 20, max: 32, mean: 26, stdDev: 3 }],
});
const landsat = sampleMapLayer({
  id: 3,
  kind: "multispectral",
  title: "Landsat scene",
  bands: ["blue", "green", "red", "nir"],
  stats: ["blue", "green", "red", "nir"].map((name) => ({ name, min: 1, max: 255, mean: 80, stdDev: 20 })),
});
const dem = sampleMapLayer();

const layerList = () => screen.getByRole("group", { name: "Layers" });
const legend = () => screen.getByRole("figure", { name: "Legend" });

describe("the layer panel", () => {
  it("lists the layers topmost first, each with its visibility, opacity and files", () => {
    renderScreen(<Panel layers={[dem, thermal]} />);
    const rows = within(layerList()).getAllByRole("listitem");
    expect(rows.map((row) => within(row).getByRole("checkbox").getAttribute("id"))).toEqual(["map-layer-2", "map-layer-1"]);
    const box = within(layerList()).getByRole("checkbox", { name: "Thermal, east field" }) as HTMLInputElement;
    expect(box.checked).toBe(true);
    expect((screen.getByRole("slider", { name: "Opacity of Thermal, east field" }) as HTMLInputElement).value).toBe("100");
    expect(
      within(rows[0]!)
        .getByRole("link", { name: /^Original/ })
        .getAttribute("href"),
    ).toBe("/api/map-layers/2/original?download=1");
    expect(within(rows[0]!).getByRole("link", { name: /^COG/ }).getAttribute("href")).toBe("/api/map-layers/2/cog?download=1");
    expect(within(rows[0]!).getByText("Thermal · captured Dec 2, 2026 · 4.2 cm/px")).toBeTruthy();
  });

  it("says where a layer not yet on the map stands, with its original and no COG", () => {
    renderScreen(
      <Panel
        layers={[
          sampleMapLayer({ id: 4, title: "Queued one", status: "queued", progress: 0, cogUrl: null, stats: null }),
          sampleMapLayer({ id: 5, title: "Busy one", status: "processing", progress: 40, cogUrl: null, stats: null }),
          sampleMapLayer({
            id: 6,
            title: "Broken one",
            status: "failed",
            progress: 0,
            error: "GDAL could not read the coordinate system",
            cogUrl: null,
            stats: null,
          }),
        ]}
      />,
    );
    expect(screen.getByText("Queued")).toBeTruthy();
    expect(screen.getByText("Processing 40%")).toBeTruthy();
    expect(screen.getByText("Failed: GDAL could not read the coordinate system")).toBeTruthy();
    const busy = within(layerList()).getByRole("checkbox", { name: "Busy one" }) as HTMLInputElement;
    expect(busy.disabled).toBe(true);
    expect(screen.queryByRole("slider")).toBeNull();
    expect(screen.getAllByRole("link", { name: /^Original/ })).toHaveLength(3);
    expect(screen.queryByRole("link", { name: /^COG/ })).toBeNull();
    // Nothing drawn, so no style and no legend.
    expect(screen.queryByRole("figure", { name: "Legend" })).toBeNull();
  });

  it("says the empty list's text", () => {
    renderScreen(<Panel layers={[]} emptyText="Your map layers appear here once the job is delivered." />);
    expect(screen.getByText("Your map layers appear here once the job is delivered.")).toBeTruthy();
    expect(screen.queryByRole("group", { name: "Layers" })).toBeNull();
  });

  it("styles and legends the topmost visible layer, and the next one down once it is hidden", async () => {
    const { user } = renderScreen(<Panel layers={[dem, thermal]} />);
    expect(within(legend()).getByText("Temperature (°C)")).toBeTruthy();
    expect(legend().textContent).toContain("20.0");
    expect(legend().textContent).toContain("32.0");
    expect(screen.getByLabelText("Temperature minimum")).toBeTruthy();
    await user.click(within(layerList()).getByRole("checkbox", { name: "Thermal, east field" }));
    expect(within(legend()).getByText("Elevation (m)")).toBeTruthy();
    expect(legend().textContent).toContain("101.3");
    expect(legend().textContent).toContain("148.8");
    expect((screen.getByRole("checkbox", { name: "Hillshade" }) as HTMLInputElement).checked).toBe(true);
  });

  it("moves the legend's ends with the range typed", async () => {
    const { user } = renderScreen(<Panel layers={[thermal]} />);
    const maximum = screen.getByLabelText("Temperature maximum");
    await user.clear(maximum);
    await user.type(maximum, "40.5");
    expect(legend().textContent).toContain("40.5");
    expect((maximum as HTMLInputElement).value).toBe("40.5");
  });

  it("offers a multispectral layer's indices, each with its legend and an index range from -1 to 1", async () => {
    const { user } = renderScreen(<Panel layers={[landsat]} />);
    const index = screen.getByLabelText("Index", { selector: "select" }) as HTMLSelectElement;
    expect([...index.options].map((option) => option.text)).toEqual(["True colour", "NDVI", "VARI"]);
    // True colour has no legend and no index range.
    expect(screen.queryByRole("figure", { name: "Legend" })).toBeNull();
    expect(screen.queryByLabelText("Index minimum")).toBeNull();
    await user.selectOptions(index, "NDVI");
    expect(within(legend()).getByText("NDVI")).toBeTruthy();
    expect(legend().textContent).toContain("-1.00");
    expect((screen.getByLabelText("Index minimum") as HTMLInputElement).value).toBe("-1");
    expect((screen.getByLabelText("Index maximum") as HTMLInputElement).value).toBe("1");
    await user.clear(screen.getByLabelText("Index minimum"));
    await user.type(screen.getByLabelText("Index minimum"), "0.2");
    expect(legend().textContent).toContain("0.20");
    await user.selectOptions(index, "VARI");
    expect(within(legend()).getByText("VARI")).toBeTruthy();
    // A new index starts from its own full range.
    expect((screen.getByLabelText("Index minimum") as HTMLInputElement).value).toBe("-1");
  });

  it("offers an orthomosaic true colour and VARI", () => {
    renderScreen(<Panel layers={[sampleMapLayer({ id: 7, kind: "orthomosaic", title: "Orthomosaic", bands: ["red", "green", "blue"], stats: null })]} />);
    const index = screen.getByLabelText("Index", { selector: "select" }) as HTMLSelectElement;
    expect([...index.options].map((option) => option.text)).toEqual(["True colour", "VARI"]);
  });

  it("offers Zoom to on each layer on the map, not on one still processing, and reads a coarse resolution in m/px", () => {
    const zoomed: string[] = [];
    const coarse = { ...landsat, resolution: 2850 };
    const busy = sampleMapLayer({ id: 7, title: "Busy one", status: "processing", progress: 40, cogUrl: null, stats: null });
    renderScreen(<Panel layers={[busy, coarse]} onZoom={(layer) => zoomed.push(layer.title)} />);
    fireEvent.click(screen.getByRole("button", { name: "Zoom to Landsat scene" }));
    expect(zoomed).toEqual(["Landsat scene"]);
    expect(screen.queryByRole("button", { name: "Zoom to Busy one" })).toBeNull();
    expect(within(layerList()).getByText(/ · 29 m\/px$/)).toBeTruthy();
  });
});
