// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Service } from "@common/contract/services";
import type { PublicUser } from "@common/contract/users";
import { UPLOAD_VALIDATION_MESSAGE } from "@common/admin-uploads";
import { answerRequests } from "@/testing/answer-fetch";
import { errorOf } from "@/testing/field-error";
import { answerTusUploads } from "@/testing/answer-tus-uploads";
import { renderScreen } from "@/testing/render-screen";
import UploadTab from "./upload-tab";

const CUSTOMER: PublicUser = {
  id: 4,
  role: "customer",
  username: "bessie",
  email: "bessie@example.com",
  firstName: "Bessie",
  lastName: "Coleman",
  createdAt: "2026-01-10T09:00:00.000Z",
  company: "",
  phone: "",
  billingAddress: "",
  active: true,
};
const SERVICE: Service = {
  id: 2,
  slug: "solar",
  name: "Solar Inspections",
  description: "",
  category: "inspection",
  price: 0,
  active: true,
  createdAt: "2026-01-01T00:00:00.000Z",
};
const list = (...rows: unknown[]) => ({ status: 200, body: { success: true, data: rows } });

const KB = 1024;
const photo = (name: string, size = 64 * KB) => new File([new Uint8Array(size)], name, { type: "image/jpeg", lastModified: 1_790_000_000_000 });

function answerLists() {
  return answerRequests({
    "GET /api/admin/users": list(CUSTOMER),
    "GET /api/services?active=true": list(SERVICE),
    "GET /api/admin/jobs": list(),
    "GET /api/admin/media": list(),
    "GET /api/admin/reports": list(),
  });
}

async function openTab() {
  const rendered = renderScreen(<UploadTab />);
  const media = screen.getByRole("form", { name: "Upload user media" });
  await within(media).findByRole("option", { name: "Bessie Coleman (bessie)" });
  await within(media).findByRole("option", { name: "Solar Inspections" });
  return { ...rendered, media, report: screen.getByRole("form", { name: "Upload report" }) };
}

async function fillOwnerForm(user: Awaited<ReturnType<typeof openTab>>["user"], form: HTMLElement, title: string) {
  await user.selectOptions(within(form).getByLabelText("Customer"), "Bessie Coleman (bessie)");
  await user.selectOptions(within(form).getByLabelText("Service"), "Solar Inspections");
  await user.type(within(form).getByLabelText("Title"), title);
  await user.type(within(form).getByLabelText("Description"), "North elevation");
}

/** The media form sending `files` titled "Roof" to a tus server that holds each one half-way until released: the tab, and the server. */
async function uploadingPhotos(files: File[]) {
  answerLists();
  const server = answerTusUploads({ hold: true });
  const tab = await openTab();
  await fillOwnerForm(tab.user, tab.media, "Roof");
  await tab.user.upload(within(tab.media).getByLabelText("Media files", { selector: "input" }), files);
  await tab.user.click(within(tab.media).getByRole("button", { name: "Upload media" }));
  return { server, ...tab };
}

/**
 * A photo upload that a reload cut off half-way (32 KB of 64 KB on the server, the server holding
 * the rest): the tab as the new page opens it, and the server.
 */
async function interruptedUpload(file: File) {
  const { server } = await uploadingPhotos([file]);
  await waitFor(() => expect(server.uploads[0]?.offset).toBe(32 * KB));
  // The page reloads: its request never hears back, and a new page starts.
  server.dropHeld();
  cleanup();
  return { server, ...(await openTab()) };
}

const progressOf = (form: HTMLElement, name: string) => within(form).getByRole("progressbar", { name: `Upload of ${name}` });

describe("user media upload", () => {
  it("sends each file as its own resumable upload at once with the form's fields, shows each one's progress, then says how it went and starts afresh", async () => {
    const { server, media } = await uploadingPhotos([photo("east.jpg"), photo("west.jpg")]);

    // Both files are under way together, each half sent.
    await waitFor(() => expect(server.uploads.map((upload) => upload.offset)).toEqual([32 * KB, 32 * KB]));
    await waitFor(() => expect(progressOf(media, "east.jpg").getAttribute("aria-valuenow")).toBe("50"));
    expect(progressOf(media, "west.jpg").getAttribute("aria-valuenow")).toBe("50");
    expect(within(progressOf(media, "east.jpg").closest("li") as HTMLElement).getByText(/^32 KB of 64 KB/)).toBeTruthy();
    expect(within(media).getByLabelText<HTMLInputElement>("Title").disabled).toBe(true);
    expect(server.uploads.map((upload) => upload.metadata)).toEqual([
      {
        kind: "media",
        userId: "4",
        serviceId: "2",
        title: "Roof - File 1",
        description: "North elevation",
        isGalleryItem: "false",
        filename: "east.jpg",
        filetype: "image/jpeg",
      },
      {
        kind: "media",
        userId: "4",
        serviceId: "2",
        title: "Roof - File 2",
        description: "North elevation",
        isGalleryItem: "false",
        filename: "west.jpg",
        filetype: "image/jpeg",
      },
    ]);

    server.release();
    expect(await screen.findByText("2 files uploaded successfully")).toBeTruthy();
    expect(within(media).getByLabelText<HTMLInputElement>("Title").value).toBe("");
    expect(within(media).queryByRole("list", { name: /^Selected files/ })).toBeNull();
    expect(progressOf(media, "east.jpg").getAttribute("aria-valuetext")).toBe("100%, uploaded");
  });

  it("pauses a file mid-way and resumes it from the server's offset; cancels another, which the server then deletes", async () => {
    const { server, user, media } = await uploadingPhotos([photo("east.jpg"), photo("west.jpg")]);
    await waitFor(() => expect(progressOf(media, "west.jpg").getAttribute("aria-valuenow")).toBe("50"));

    await user.click(within(media).getByRole("button", { name: "Pause upload of east.jpg" }));
    expect(progressOf(media, "east.jpg").getAttribute("aria-valuetext")).toBe("50%, paused");
    expect(within(media).getByText("32 KB of 64 KB on the server")).toBeTruthy();
    await user.click(within(media).getByRole("button", { name: "Cancel upload of west.jpg" }));
    expect(within(media).queryByRole("progressbar", { name: "Upload of west.jpg" })).toBeNull();
    await waitFor(() => expect(server.uploads[1]?.gone).toBe(true));

    await user.click(within(media).getByRole("button", { name: "Resume upload of east.jpg" }));
    // The resumed PATCH starts where the server stopped.
    await waitFor(() => expect(server.uploads[0]?.patchOffsets).toEqual([0, 32 * KB]));
    server.release();
    expect(await screen.findByText("1 file uploaded successfully")).toBeTruthy();
    expect(server.uploads[0]?.offset).toBe(64 * KB);
    expect(within(media).getByLabelText<HTMLInputElement>("Title").value).toBe("");
  });

  it("keeps what was typed when the only file is cancelled, and uploads nothing", async () => {
    const { server, user, media } = await uploadingPhotos([photo("east.jpg")]);
    await waitFor(() => expect(progressOf(media, "east.jpg").getAttribute("aria-valuenow")).toBe("50"));

    await user.click(within(media).getByRole("button", { name: "Cancel upload of east.jpg" }));
    await waitFor(() => expect(within(media).getByRole("button", { name: "Upload media" }).hasAttribute("disabled")).toBe(false));
    expect(within(media).getByLabelText<HTMLInputElement>("Title").value).toBe("Roof");
    expect(within(media).queryByRole("list", { name: /^Selected files/ })).toBeNull();
    expect(server.uploads[0]?.gone).toBe(true);
    expect(screen.queryByText(/uploaded successfully|failed/)).toBeNull();
  });

  it("shows the server's refusal of a field under it and keeps what was typed and chosen", async () => {
    answerLists();
    const gone = "That customer no longer exists";
    const server = answerTusUploads({ create: () => ({ status: 400, body: { message: UPLOAD_VALIDATION_MESSAGE, errors: { userId: gone } } }) });
    const { user, media } = await openTab();
    await fillOwnerForm(user, media, "Roof");
    await user.upload(within(media).getByLabelText("Media files", { selector: "input" }), photo("east.jpg"));
    await user.click(within(media).getByRole("button", { name: "Upload media" }));

    expect(await screen.findByText("All uploads failed")).toBeTruthy();
    await waitFor(() => expect(errorOf(within(media).getByLabelText("Customer"))).toBe(gone));
    expect(within(media).getByLabelText<HTMLInputElement>("Title").value).toBe("Roof");
    expect(within(media).getByLabelText<HTMLTextAreaElement>("Description").value).toBe("North elevation");
    expect(within(within(media).getByRole("list", { name: "Selected files for Media files" })).getByText("east.jpg")).toBeTruthy();
    expect(within(media).getByText(UPLOAD_VALIDATION_MESSAGE)).toBeTruthy();
    expect(server.uploads).toEqual([]);
  });

  it("lists an upload a reload interrupted, and sends only the rest once the same file is chosen again", async () => {
    const file = photo("east.jpg");
    const { server, user, media } = await interruptedUpload(file);
    const unfinished = await within(media).findByRole("region", { name: "Unfinished uploads" });
    expect(within(unfinished).getByText("Choose the same file again to resume: only the rest is sent.", { exact: false })).toBeTruthy();
    expect(within(unfinished).getByText("32 KB of 64 KB on the server")).toBeTruthy();
    expect(within(unfinished).getByText("Roof - File 1")).toBeTruthy();

    // Another file is not taken for it.
    await user.upload(within(unfinished).getByLabelText("Choose east.jpg again to resume its upload"), photo("east.jpg", 10 * KB));
    expect(within(unfinished).getByRole("alert").textContent).toMatch(/choose "east.jpg" \(64 KB\) to resume/);

    // The same file, copied since (another date): still the same name and size, so it resumes.
    await user.upload(
      within(unfinished).getByLabelText("Choose east.jpg again to resume its upload"),
      new File([file], "east.jpg", { type: "image/jpeg", lastModified: file.lastModified + 60_000 }),
    );
    await waitFor(() => expect(server.uploads[0]?.patchOffsets).toEqual([0, 32 * KB]));
    server.release();
    expect(await screen.findByText("1 file uploaded successfully")).toBeTruthy();
    expect(server.uploads).toHaveLength(1);
    expect(server.uploads[0]?.offset).toBe(64 * KB);
    await waitFor(() => expect(within(media).queryByRole("region", { name: "Unfinished uploads" })).toBeNull());
  });

  it("discards an unfinished upload: the server deletes it and it leaves the list", async () => {
    const { server, user, media } = await interruptedUpload(photo("east.jpg"));
    const unfinished = await within(media).findByRole("region", { name: "Unfinished uploads" });
    await user.click(within(unfinished).getByRole("button", { name: "Discard upload of east.jpg" }));
    await waitFor(() => expect(within(media).queryByRole("region", { name: "Unfinished uploads" })).toBeNull());
    expect(server.uploads[0]?.gone).toBe(true);
  });
});

describe("report upload", () => {
  it("uploads the report with its fields, says so, and starts afresh", async () => {
    answerLists();
    const server = answerTusUploads();
    const { user, report } = await openTab();
    await fillOwnerForm(user, report, "Thermal report");
    await user.upload(within(report).getByLabelText("Report file", { selector: "input" }), new File(["%PDF-1.4"], "report.pdf", { type: "application/pdf" }));
    await user.click(within(report).getByRole("button", { name: "Upload report" }));

    expect(await screen.findByText(`"Thermal report" is now in the customer's dashboard`)).toBeTruthy();
    expect(within(report).getByLabelText<HTMLInputElement>("Title").value).toBe("");
    expect(server.uploads.map((upload) => upload.metadata)).toEqual([
      {
        kind: "report",
        userId: "4",
        serviceId: "2",
        title: "Thermal report",
        description: "North elevation",
        filename: "report.pdf",
        filetype: "application/pdf",
      },
    ]);
  });

  it("says why the server refused the file, keeping the form", async () => {
    answerLists();
    const refused = 'File "report.pdf" is not an accepted file type';
    answerTusUploads({ complete: () => ({ status: 415, body: { message: refused, errors: { file: refused } } }) });
    const { user, report } = await openTab();
    await fillOwnerForm(user, report, "Thermal report");
    await user.upload(within(report).getByLabelText("Report file", { selector: "input" }), new File(["not a pdf"], "report.pdf", { type: "application/pdf" }));
    await user.click(within(report).getByRole("button", { name: "Upload report" }));

    expect(await screen.findByText("Error")).toBeTruthy();
    await waitFor(() => expect(errorOf(within(report).getByLabelText("Report file", { selector: "input" }))).toBe(refused));
    expect(within(report).getByLabelText<HTMLInputElement>("Title").value).toBe("Thermal report");
  });
});
