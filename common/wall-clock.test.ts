import { describe, expect, it } from "vitest";
import { isoToZoned, zonedToIso } from "./wall-clock";

describe("a flight window typed at the site", () => {
  it("is the site's wall clock turned into UTC, in winter and in summer", () => {
    expect(zonedToIso("2026-12-15T10:00", "Europe/Paris")).toBe("2026-12-15T09:00:00.000Z");
    expect(zonedToIso("2026-07-01T10:00", "Europe/Paris")).toBe("2026-07-01T08:00:00.000Z");
    expect(zonedToIso("2026-07-01T10:00", "America/Denver")).toBe("2026-07-01T16:00:00.000Z");
    expect(zonedToIso("2026-07-01T10:00", "UTC")).toBe("2026-07-01T10:00:00.000Z");
  });

  it("takes seconds too, as a camera writes its time taken", () => {
    expect(zonedToIso("2031-03-04T12:09:30", "America/Chicago")).toBe("2031-03-04T18:09:30.000Z");
  });

  it("holds across the night the clocks change", () => {
    // Paris moves from +1 to +2 at 02:00 on 29 March 2026: 01:30 is still winter time, 03:30 summer time.
    expect(zonedToIso("2026-03-29T01:30", "Europe/Paris")).toBe("2026-03-29T00:30:00.000Z");
    expect(zonedToIso("2026-03-29T03:30", "Europe/Paris")).toBe("2026-03-29T01:30:00.000Z");
  });

  it("reads back as the wall clock it was typed as", () => {
    for (const zone of ["Europe/Paris", "Australia/Sydney", "America/Los_Angeles", "Asia/Kolkata"]) {
      expect(isoToZoned(zonedToIso("2026-11-30T23:45", zone), zone)).toBe("2026-11-30T23:45");
    }
  });

  it("is empty for text that is not a time or a zone that does not exist, so the schema names the field", () => {
    expect(zonedToIso("tomorrow", "Europe/Paris")).toBe("");
    expect(zonedToIso("2026-12-15T10:00", "Mars/Olympus_Mons")).toBe("");
  });
});
