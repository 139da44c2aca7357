// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { MediaItem } from "@common/contract/media";
import genericPoster from "@/assets/video-poster.svg";
import { formatDuration } from "@/lib/format";
import { MediaPreview } from "./media-preview";

afterEach(cleanup);

const video = (overrides: Partial<MediaItem> = {}): MediaItem => ({
  id: 9,
  userId: 5,
  serviceId: 1,
  jobId: null,
  title: "Roof flyover",
  description: "",
  fileType: "video/mp4",
  size: 10,
  isGalleryItem: false,
  categoryId: null,
  fileUrl: "/api/media/9/file",
  thumbnailUrl: null,
  posterUrl: null,
  durationSeconds: null,
  posterPending: false,
  createdAt: "2026-11-20T10:00:00.000Z",
  ...overrides,
});

describe("a video in the customer's media", () => {
  it("plays with its poster frame and shows its length as m:ss", () => {
    render(<MediaPreview item={video({ posterUrl: "/api/media/9/poster", durationSeconds: 3.04 })} />);
    const player = screen.getByLabelText("Roof flyover");
    expect(player.tagName).toBe("VIDEO");
    expect(player.getAttribute("src")).toBe("/api/media/9/file");
    expect(player.getAttribute("poster")).toBe("/api/media/9/poster");
    expect(player.hasAttribute("controls")).toBe(true);
    expect(screen.getByText("0:03")).toBeTruthy();
    expect(screen.getByText("Duration")).toBeTruthy();
  });

  it("shows the site's generic poster and no length where the server made none", () => {
    render(<MediaPreview item={video()} />);
    expect(screen.getByLabelText("Roof flyover").getAttribute("poster")).toBe(genericPoster);
    expect(genericPoster).toMatch(/^data:image\/svg\+xml|video-poster/);
    expect(screen.queryByText("Duration")).toBeNull();
  });
});

describe("formatDuration", () => {
  it.each([
    [0.4, "0:00"],
    [3.04, "0:03"],
    [59.6, "1:00"],
    [754, "12:34"],
    [3725, "1:02:05"],
  ])("%s s reads %s", (seconds, shown) => expect(formatDuration(seconds)).toBe(shown));
});
