import { describe, expect, it } from "vitest";
import { retrySrc } from "./media-preview";

describe("media preview", () => {
  it("loads an image from its own address first, then with a cache-busting retry number", () => {
    expect(retrySrc("/api/media/3/thumbnail", 0)).toBe("/api/media/3/thumbnail");
    expect(retrySrc("/api/media/3/thumbnail", 3)).toBe("/api/media/3/thumbnail?retry=3");
  });
});
