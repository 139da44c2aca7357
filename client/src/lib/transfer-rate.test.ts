import { describe, expect, it } from "vitest";
import { freshMeter, measure, rateOf } from "./transfer-rate";

const MB = 1024 * 1024;

describe("transfer rate", () => {
  it("knows no speed and no time left until an interval has been measured", () => {
    const meter = measure(freshMeter(), 0, 1_000);
    expect(rateOf(meter, 10 * MB)).toEqual({ bytesPerSecond: null, secondsLeft: null });
  });

  it("measures bytes per second over each interval and the time left from it", () => {
    let meter = measure(freshMeter(), 0, 0);
    meter = measure(meter, 2 * MB, 1_000);
    expect(rateOf(meter, 10 * MB)).toEqual({ bytesPerSecond: 2 * MB, secondsLeft: 5 });
  });

  it("waits for half a second of reports before measuring again, so one burst does not swing it", () => {
    let meter = measure(freshMeter(), 0, 0);
    meter = measure(meter, 1 * MB, 1_000);
    const burst = measure(meter, 3 * MB, 1_100);
    expect(burst).toBe(meter);
  });

  it("smooths a change of speed rather than jumping to it", () => {
    let meter = measure(freshMeter(), 0, 0);
    meter = measure(meter, 1 * MB, 1_000);
    meter = measure(meter, 5 * MB, 2_000);
    expect(meter.bytesPerSecond).toBeCloseTo(0.3 * 4 * MB + 0.7 * MB);
  });

  it("starts a new interval when the count goes back (a resumed upload reports from the server's offset)", () => {
    let meter = measure(freshMeter(), 0, 0);
    meter = measure(meter, 4 * MB, 1_000);
    meter = measure(meter, 1 * MB, 1_200);
    expect(meter.mark).toEqual({ at: 1_200, bytes: 1 * MB });
    expect(meter.bytesPerSecond).toBe(4 * MB);
  });
});
