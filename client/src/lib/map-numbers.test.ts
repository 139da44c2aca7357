import { describe, expect, it } from "vitest";
import { formatResolution, roundForBox } from "./map-numbers";

describe("the maps' numbers as people write them", () => {
  it("writes a resolution in cm/px below a metre and m/px from one up, tenths below 10 and whole numbers above", () => {
    expect(formatResolution(0.84)).toBe("0.8 cm/px");
    expect(formatResolution(4.137)).toBe("4.1 cm/px");
    expect(formatResolution(9.96)).toBe("10 cm/px");
    expect(formatResolution(27.4)).toBe("27 cm/px");
    expect(formatResolution(99.4)).toBe("99 cm/px");
    expect(formatResolution(99.6)).toBe("1 m/px");
    expect(formatResolution(120)).toBe("1.2 m/px");
    expect(formatResolution(2850)).toBe("29 m/px");
    expect(formatResolution(9027.7)).toBe("90 m/px");
    expect(formatResolution(123_456)).toBe("1,235 m/px");
  });

  it("rounds a style box's value to the places it is typed in, without float noise", () => {
    expect(roundForBox(34.59999847, 1)).toBe(34.6);
    expect(roundForBox(-0.123456, 2)).toBe(-0.12);
    expect(roundForBox(12, 1)).toBe(12);
    expect(String(roundForBox(0.1 + 0.2, 2))).toBe("0.3");
  });
});
