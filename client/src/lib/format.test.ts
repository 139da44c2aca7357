import { describe, expect, it } from "vitest";
import { downloadUrl, formatDate, formatMonthlyPrice, mediaKind, withQueryParam } from "@/lib/format";

describe("formatting", () => {
  it("shows a price in cents as US dollars per month", () => {
    expect(formatMonthlyPrice(4900)).toBe("$49.00/month");
    expect(formatMonthlyPrice(123456)).toBe("$1,234.56/month");
  });

  it("shows a date as month, day and year, and leaves an unreadable one as given", () => {
    expect(formatDate("2026-03-05T12:00:00.000Z")).toBe("Mar 5, 2026");
    expect(formatDate("soon")).toBe("soon");
  });

  it("adds download and retry queries whether or not the address already has one", () => {
    expect(downloadUrl("/api/media/3/file")).toBe("/api/media/3/file?download=1");
    expect(downloadUrl("/api/media/3/file?v=2")).toBe("/api/media/3/file?v=2&download=1");
    expect(withQueryParam("/a", "retry", 2)).toBe("/a?retry=2");
  });

  it("tells videos, images and other files apart by mime type or bare word", () => {
    expect(mediaKind("video/mp4")).toBe("video");
    expect(mediaKind("video")).toBe("video");
    expect(mediaKind("image/heic")).toBe("image");
    expect(mediaKind("image")).toBe("image");
    expect(mediaKind("application/pdf")).toBe("file");
  });
});
