import { describe, expect, it } from "vitest";
import { formatWindow } from "./job-window";

describe("a flight window as people read it", () => {
  it("is given in the site's time zone, which it names", () => {
    expect(formatWindow("2026-12-01T08:30:00.000Z", "2026-12-01T10:00:00.000Z", "Europe/Paris")).toMatch(/^Dec 1, 2026, 9:30\sAM – 11:00\sAM GMT\+1$/);
  });

  it("reads an unknown zone as UTC instead of failing", () => {
    expect(formatWindow("2026-12-01T08:30:00.000Z", "2026-12-01T10:00:00.000Z", "Mars/Olympus")).toMatch(/^Dec 1, 2026, 8:30\sAM – 10:00\sAM UTC$/);
  });
});
