// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
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
  posterUrl: null,
  durationSeconds: null,
  createdAt: "2026-03-01T09:00:00.000Z",
  userId: 4,
  serviceId: null,
  jobId: null,
  size: 2048,
  isGalleryItem: false,
  categoryId: null,
  posterPending: false,
  ownerName: "Bessie Coleman",
};

describe("the admin's media cards", () => {
  it("name the item's owner, not their number", () => {
    answerRequests({});
    renderScreen(<MediaAdminList items={[item]} />);
    expect(screen.getByText("Bessie Coleman")).toBeTruthy();
    expect(screen.queryByText(/User #/)).toBeNull();
  });

  it("ask before Add to Gallery publishes a customer's item, naming whose it is; Cancel leaves it private and sends nothing", async () => {
    const sent = answerRequests({});
    const { user } = renderScreen(<MediaAdminList items={[item]} />);
    await user.click(screen.getByRole("button", { name: "Add to Gallery: Roof survey" }));

    const dialog = await screen.findByRole("dialog", { name: "Add to the public gallery?" });
    expect(dialog.textContent).toContain(
      '"Roof survey" belongs to Bessie Coleman. Adding it to the gallery makes it visible to everyone on the public gallery page.',
    );
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByText("Private")).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it("ask before the Public switch makes an item public, too", async () => {
    answerRequests({});
    const { user } = renderScreen(<MediaAdminList items={[item]} />);
    await user.click(screen.getByRole("button", { name: "Public: Roof survey" }));
    expect(await screen.findByRole("dialog", { name: "Add to the public gallery?" })).toBeTruthy();
  });

  it("take a public item out of the gallery without asking", async () => {
    const sent = answerRequests({ "PATCH /api/admin/media/31/gallery": { status: 200, body: { success: true, data: { ...item, isGalleryItem: false } } } });
    const { user } = renderScreen(<MediaAdminList items={[{ ...item, isGalleryItem: true }]} />);
    await user.click(screen.getByRole("button", { name: "Remove from Gallery: Roof survey" }));
    expect(await screen.findByText("Removed from gallery")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(sent.map((request) => request.body)).toEqual([{ isGalleryItem: false }]);
  });

  it("leave an item private when the server refuses to publish it, and let the admin try again", async () => {
    const sent = answerRequests({ "PATCH /api/admin/media/31/gallery": { status: 503, body: { message: "Storage is unavailable" } } });
    const { user } = renderScreen(<MediaAdminList items={[item]} />);
    await user.click(screen.getByRole("button", { name: "Add to Gallery: Roof survey" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Add to Gallery" }));

    expect(await screen.findByText("Failed to update gallery status")).toBeTruthy();
    expect(screen.getByText("Private")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Public: Roof survey" }).getAttribute("aria-pressed")).toBe("false");
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "Add to Gallery: Roof survey" }).disabled).toBe(false);
    expect(sent.map((request) => request.body)).toEqual([{ isGalleryItem: true }]);
  });

  it("rename an item: a blank title is refused under its field and nothing is sent", async () => {
    const sent = answerRequests({});
    const { user } = renderScreen(<MediaAdminList items={[item]} />);
    await user.click(screen.getByRole("button", { name: "Rename Roof survey" }));
    const dialog = await screen.findByRole("dialog", { name: 'Rename "Roof survey"' });
    await user.clear(within(dialog).getByLabelText("Title"));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("Enter a title")).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it("delete an item only after SPEC's confirmation; Cancel backs out to the Delete button", async () => {
    const sent = answerRequests({ "DELETE /api/admin/media/31": { status: 200, body: { success: true, message: "Media deleted" } } });
    const { user } = renderScreen(<MediaAdminList items={[item]} />);
    await user.click(screen.getByRole("button", { name: "Delete Roof survey" }));
    const asked = await screen.findByRole("dialog", { name: 'Delete "Roof survey"?' });
    expect(asked.textContent).toContain("Are you sure you want to delete this media file? This action cannot be undone.");
    await user.click(within(asked).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Delete Roof survey" }));
    expect(sent).toEqual([]);

    await user.click(screen.getByRole("button", { name: "Delete Roof survey" }));
    const dialog = await screen.findByRole("dialog", { name: 'Delete "Roof survey"?' });
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText('"Roof survey" was deleted')).toBeTruthy();
    expect(sent.map((request) => `${request.method} ${request.url}`)).toEqual(["DELETE /api/admin/media/31"]);
  });
});
