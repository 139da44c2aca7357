// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { type SiteBoundary, siteBoundaryMessages } from "@common/site-boundary";
import { addCornersByKeyboard, stubMapPixels, zoomIn } from "@/testing/boundary-drawing";
import { renderScreen } from "@/testing/render-screen";
import { squareBoundary } from "@/testing/sample-site-boundary";
import BoundaryEditor from "./boundary-editor";

const SITE = { latitude: 32, longitude: -97 };
const SQUARE = squareBoundary([-97, 32]);

function renderEditor(value: SiteBoundary | null = null) {
  const onChange = vi.fn<(boundary: SiteBoundary | null) => void>();
  const rendered = renderScreen(<BoundaryEditor value={value} site={SITE} onChange={onChange} />);
  return { ...rendered, onChange };
}

const button = (name: string) => screen.getByRole("button", { name });

beforeEach(stubMapPixels);

describe("the site boundary editor", () => {
  it("draws a boundary by keyboard: arrow keys move the map under the crosshair, a corner is added at the centre", async () => {
    const { user, onChange } = renderEditor();
    const map = screen.getByRole("region", { name: "Site boundary map" });
    expect(map.getAttribute("tabindex")).toBe("0");
    expect(within(map).getByRole("button", { name: "Zoom in" })).toBeTruthy();
    expect(screen.getByText("No boundary drawn yet.")).toBeTruthy();
    expect(button("Finish boundary").hasAttribute("disabled")).toBe(true);

    await addCornersByKeyboard(user, ["{ArrowRight}", "{ArrowUp}", "{ArrowLeft}"]);
    // 64 pixels a step at zoom 17: 76.4 m of Web Mercator, 64.8 m on the ground at 32° N; 4,200 m².
    expect(screen.getByText(/^Area: /).textContent).toBe("Area: 1.04 acres (0.42 ha)");
    expect(onChange).not.toHaveBeenCalled();

    await user.click(button("Finish boundary"));
    expect(onChange).toHaveBeenCalledTimes(1);
    const boundary = onChange.mock.calls[0]![0]!;
    const ring = boundary.coordinates[0]!;
    expect(ring).toHaveLength(5);
    expect(ring[0]).toEqual([-97, 32]);
    expect(ring[4]).toEqual(ring[0]);
    // East, then north, then back west: a square whose corners share their longitudes and latitudes.
    expect(ring[1]![1]).toBe(32);
    expect(ring[2]![0]).toBe(ring[1]![0]);
    expect(ring[3]![0]).toBe(-97);
    expect(ring[1]![0]).toBeGreaterThan(-97);
    expect(ring[2]![1]).toBeGreaterThan(32);
    expect(screen.getByText(/^Area: /).textContent).toBe("Area: 1.04 acres (0.42 ha)");
    expect(button("Add corner at centre").hasAttribute("disabled")).toBe(true);

    await user.click(button("Clear boundary"));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.getByText("No boundary drawn yet.")).toBeTruthy();
    expect(button("Add corner at centre").hasAttribute("disabled")).toBe(false);
  });

  it("takes the last corner back, and finishes only from three corners", async () => {
    const { user } = renderEditor();
    await addCornersByKeyboard(user, ["{ArrowRight}"]);
    expect(screen.getByText("Corners: 2")).toBeTruthy();
    expect(button("Finish boundary").hasAttribute("disabled")).toBe(true);
    await user.click(button("Remove last corner"));
    expect(screen.getByText("Corners: 1")).toBeTruthy();
  });

  it("refuses a boundary whose edges cross, in the server's words, and reports none", async () => {
    const { user, onChange } = renderEditor();
    await addCornersByKeyboard(user, ["{ArrowRight}{ArrowUp}", "{ArrowDown}", "{ArrowLeft}{ArrowUp}"]);
    await user.click(button("Finish boundary"));
    expect(screen.getByRole("alert").textContent).toBe(siteBoundaryMessages.crossing);
    expect(onChange).not.toHaveBeenCalled();
  });

  it("zooms a whole level a press, so a site found from a continent away is drawn to scale", async () => {
    const onChange = vi.fn<(boundary: SiteBoundary | null) => void>();
    const { user } = renderScreen(<BoundaryEditor value={null} onChange={onChange} />);
    // No site position: the map opens over the continental US at zoom 4; 13 presses make it 17.
    await zoomIn(user, 13);
    await addCornersByKeyboard(user, ["{ArrowRight}", "{ArrowUp}", "{ArrowLeft}"]);
    await user.click(button("Finish boundary"));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange.mock.calls[0]![0]!.coordinates[0]![0]).toEqual([-98.5, 39.5]);
    // 64 pixels a step at zoom 17: 76.4 m of Web Mercator, 59 m on the ground at 39.5° N.
    expect(screen.getByText(/^Area: /).textContent).toBe("Area: 0.86 acres (0.35 ha)");
  });

  it("opens on the boundary already drawn, with its area", () => {
    const { onChange } = renderEditor(SQUARE);
    expect(screen.getByText("Area: 10.36 acres (4.19 ha)")).toBeTruthy();
    expect(button("Add corner at centre").hasAttribute("disabled")).toBe(true);
    expect(button("Clear boundary").hasAttribute("disabled")).toBe(false);
    expect(onChange).not.toHaveBeenCalled();
  });
});
