import { describe, expect, it } from "vitest";
import { siteArea } from "@common/site-area-of";
import { formatSiteArea } from "@common/site-area";
import { formatArea, formatDistance } from "./measure";

describe("measurements", () => {
  it("writes a distance in metres to 1 decimal, and in km from 1000 m", () => {
    expect(formatDistance(123.44)).toBe("Distance: 123.4 m");
    expect(formatDistance(999.94)).toBe("Distance: 999.9 m");
    expect(formatDistance(1000)).toBe("Distance: 1.00 km");
    expect(formatDistance(12_345.6)).toBe("Distance: 12.35 km");
  });

  it("writes an area as the site boundary's is written, whether the ring is closed or not", () => {
    const ring = [
      [-97, 32],
      [-96.99, 32],
      [-96.99, 32.01],
      [-97, 32.01],
    ];
    const expected = `Area: ${formatSiteArea(siteArea({ type: "Polygon", coordinates: [[...ring, ring[0]!]] }))}`;
    expect(formatArea(ring)).toBe(expected);
    expect(formatArea([...ring, ring[0]!])).toBe(expected);
    expect(expected).toMatch(/^Area: 25\d\.\d+ acres \(10\d\.\d{2} ha\)$/);
  });

  it("has no area before three points", () => {
    expect(formatArea([[-97, 32]])).toBe("Area: 0 acres (0.00 ha)");
    expect(
      formatArea([
        [-97, 32],
        [-96.99, 32],
      ]),
    ).toBe("Area: 0 acres (0.00 ha)");
  });
});
