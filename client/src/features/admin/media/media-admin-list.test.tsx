// @vitest-environment happy-dom
import { screen } from "@testing-library/react";
import type { ComponentProps } from "react";
import { describe, expect, it } from "vitest";
import { answerRequests } from "@/testing/answer-fetch";
import { renderScreen } from "@/testing/render-screen";
import { MediaAdminList } from "./media-admin-list";

const item: ComponentProps<typeof MediaAdminList>["items"][number] = {
  id: 31,
  title: "Roof survey",
  description: "",
  fileType: "video/mp4",
  fileUrl: "/api/media/31/file",
  thumbnailUrl: null,
  createdAt: "2026-03-01T09:00:00.000Z",
  userId: 4,
  serviceId: null,
  jobId: null,
  size: 2048,
  isGalleryItem: false,
};

describe("the admin's media cards", () => {
  it("leave an item private when the server refuses to publish it, and let the admin try again", async () => {
    const sent = answerRequests({ "PATCH /api/admin/media/31/gallery": { status: 503, body: { message: "Storage is unavailable" } } });
    const { user } = renderScreen(<MediaAdminList items={[item]} />);
    await user.click(screen.getByRole("button", { name: "Add to Gallery: Roof survey" }));

    expect(await screen.findByText("Failed to update gallery status")).toBeTruthy();
    expect(screen.getByText("Private")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Public: Roof survey" }).getAttribute("aria-pressed")).toBe("false");
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "Add to Gallery: Roof survey" }).disabled).toBe(false);
    expect(sent.map((request) => request.body)).toEqual([{ isGalleryItem: true }]);
  });
});
