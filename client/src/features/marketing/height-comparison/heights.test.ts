import { describe, expect, it } from "vitest";
import { BAND_SAMPLES } from "./height-band-samples";
import { altitudePercent, bandOf, GROUND_PERCENT, imageScale, nearestDescribedHeight } from "./heights";

describe("height comparison rules (docs/product.md §2, §9)", () => {
  it.each([
    [100, 100],
    [140, 100],
    [160, 200],
    [240, 200],
    [260, 300],
    [340, 300],
    [360, 400],
    [400, 400],
  ])("at %i ft shows the described height of %i ft", (feet, described) => {
    expect(nearestDescribedHeight(feet).feet).toBe(described);
  });

  it.each(BAND_SAMPLES)("puts %i ft in the %s band", (feet, band) => {
    expect(bandOf(feet)).toBe(band);
  });

  it("scales the image from 1 at 100 ft down to 0.5 at 400 ft, never below", () => {
    expect(imageScale(100)).toBe(1);
    expect(imageScale(250)).toBeCloseTo(0.75);
    expect(imageScale(400)).toBe(0.5);
    expect(imageScale(1000)).toBe(0.5);
  });

  it("puts 0 ft on the ground and rises linearly, 100 ft per quarter of the sky up to 400 ft", () => {
    expect(altitudePercent(0)).toBe(GROUND_PERCENT);
    const step = altitudePercent(100) - altitudePercent(0);
    expect(step).toBeGreaterThan(0);
    for (const feet of [200, 300, 400]) expect(altitudePercent(feet)).toBeCloseTo(GROUND_PERCENT + (feet / 100) * step);
    expect(altitudePercent(400)).toBeLessThan(100);
  });
});
