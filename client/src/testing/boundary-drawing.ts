// The site boundary editor by keyboard, as its tests and the forms holding it use it: OpenLayers
// draws nothing under happy-dom, but the keyboard path moves the view and places corners through
// the same Draw interaction a click uses.
import { screen, within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import OlMap from "ol/Map";
import { onTestFinished, vi } from "vitest";

/**
 * Without a drawn frame OpenLayers has no pixel for a coordinate, and Draw asks for one to snap a
 * corner to the first: one metre a pixel stands in, for the running test only.
 */
export function stubMapPixels(): void {
  const pixels = vi.spyOn(OlMap.prototype, "getPixelFromCoordinate").mockImplementation((coordinate) => [coordinate[0]!, -coordinate[1]!]);
  onTestFinished(() => pixels.mockRestore());
}

/** Presses the map's Zoom in this many times: a whole level each. */
export async function zoomIn(user: UserEvent, times: number): Promise<void> {
  const map = await screen.findByRole("region", { name: "Site boundary map" });
  for (let press = 0; press < times; press++) await user.click(within(map).getByRole("button", { name: "Zoom in" }));
}

/** Adds a corner at the centre, then one after each run of arrow keys ("{ArrowRight}{ArrowUp}"). */
export async function addCornersByKeyboard(user: UserEvent, moves: readonly string[]): Promise<void> {
  const map = await screen.findByRole("region", { name: "Site boundary map" });
  const add = () => user.click(screen.getByRole("button", { name: "Add corner at centre" }));
  await add();
  for (const keys of moves) {
    map.focus();
    await user.keyboard(keys);
    await add();
  }
}

/** A square one keyboard step a side, east then north of where the map opened, finished. */
export async function drawSquareByKeyboard(user: UserEvent): Promise<void> {
  await addCornersByKeyboard(user, ["{ArrowRight}", "{ArrowUp}", "{ArrowLeft}"]);
  await user.click(screen.getByRole("button", { name: "Finish boundary" }));
}
