// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { ShareLink } from "@common/contract/share-links";
import { shareLinkMessages } from "@common/share-links";
import { answerRequests } from "@/testing/answer-fetch";
import { renderScreen } from "@/testing/render-screen";
import { ShareDialog } from "./share-dialog";

const job = { id: 7, title: "Roof survey", reports: [], media: [] };
const link = (overrides: Partial<ShareLink> = {}): ShareLink => ({
  id: 41,
  jobId: 7,
  createdAt: "2026-11-20T10:00:00.000Z",
  createdByName: "Ada Lovelace",
  expiresAt: "2030-01-31T23:59:00.000Z",
  revokedAt: null,
  disabledAt: null,
  state: "active",
  hasPin: true,
  allowDownload: true,
  items: null,
  log: [
    { at: "2026-11-21T09:00:00.000Z", address: "203.0.113.9", what: "downloaded", itemName: "all shared files (ZIP)" },
    { at: "2026-11-21T08:59:00.000Z", address: "203.0.113.9", what: "opened", itemName: "" },
  ],
  ...overrides,
});

async function openDialog(answers: Parameters<typeof answerRequests>[0]) {
  const sent = answerRequests({ "GET /api/jobs/7/layers": { status: 200, body: { success: true, data: [] } }, ...answers });
  const rendered = renderScreen(<ShareDialog job={job} />);
  await rendered.user.click(screen.getByRole("button", { name: "Share" }));
  return { ...rendered, sent, dialog: await screen.findByRole("dialog", { name: "Share this job" }) };
}

describe("Share this job", () => {
  it("makes a link with a PIN and shows its address once, naming a refused PIN under its field", async () => {
    let links: ShareLink[] = [];
    const { user, sent, dialog } = await openDialog({
      "GET /api/jobs/7/share-links": () => ({ status: 200, body: { success: true, data: links } }),
      "POST /api/jobs/7/share-links": () => {
        links = [link()];
        return { status: 201, body: { success: true, data: { id: 41, url: "/share/abcdef" } } };
      },
    });
    const pin = within(dialog).getByLabelText("PIN (optional, 6 to 12 digits)");
    // A 4-digit PIN is refused in the browser: new links need 6 digits at least.
    await user.type(pin, "1234");
    await user.click(within(dialog).getByRole("button", { name: "Create link" }));
    expect(within(dialog).getByText(shareLinkMessages.newPin)).toBeTruthy();
    expect(sent.filter((request) => request.method === "POST")).toEqual([]);
    await user.type(pin, "56");
    await user.click(within(dialog).getByRole("button", { name: "Create link" }));
    const address = await within(dialog).findByLabelText<HTMLInputElement>("New link: copy it now, it is shown only once");
    expect(address.value).toBe(`${window.location.origin}/share/abcdef`);
    const [posted] = sent.filter((request) => request.method === "POST");
    expect(posted!.body).toMatchObject({ pin: "123456", allowDownload: true, expiresAt: expect.any(String) });
    expect(posted!.body).not.toHaveProperty("items");
    expect(await within(dialog).findByText(/by Ada Lovelace/)).toBeTruthy();
  });

  it("shows each link's access log and revokes it", async () => {
    let revoked = false;
    const { user, sent, dialog } = await openDialog({
      "GET /api/jobs/7/share-links": () => ({
        status: 200,
        body: { success: true, data: [link(revoked ? { state: "revoked", revokedAt: "2026-11-22T00:00:00.000Z" } : {})] },
      }),
      "DELETE /api/share-links/41": () => {
        revoked = true;
        return { status: 200, body: { success: true, message: shareLinkMessages.revokedDone } };
      },
    });
    expect(await within(dialog).findByText("Access log (2)")).toBeTruthy();
    expect(within(dialog).getByText(/203\.0\.113\.9 · Downloaded all shared files \(ZIP\)/)).toBeTruthy();
    expect(within(dialog).getByText(/203\.0\.113\.9 · Opened the page/)).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: /^Revoke/ }));
    expect(await within(dialog).findByText("Revoked")).toBeTruthy();
    expect(sent.some((request) => request.method === "DELETE" && request.url === "/api/share-links/41")).toBe(true);
    expect(within(dialog).queryByRole("button", { name: /^Revoke/ })).toBeNull();
  });

  it("says plainly, at the downloads choice, that view only still hands the files to the browser", async () => {
    const { dialog } = await openDialog({ "GET /api/jobs/7/share-links": { status: 200, body: { success: true, data: [] } } });
    const downloads = within(dialog).getByRole("checkbox", { name: "Allow downloads (otherwise view only)" });
    expect(downloads.getAttribute("aria-describedby")).toBeTruthy();
    expect(document.getElementById(downloads.getAttribute("aria-describedby")!)?.textContent).toBe(shareLinkMessages.viewOnlyMeaning);
    expect(shareLinkMessages.viewOnlyMeaning).toMatch(/can keep them/);
  });

  it("shows a link closed by wrong PINs as such, with the wrong PINs in its access log", async () => {
    const closed = link({
      state: "disabled",
      disabledAt: "2026-11-23T04:00:00.000Z",
      log: [{ at: "2026-11-23T04:00:00.000Z", address: "198.51.100.66", what: "wrong-pin", itemName: "" }],
    });
    const { dialog } = await openDialog({ "GET /api/jobs/7/share-links": { status: 200, body: { success: true, data: [closed] } } });
    expect(await within(dialog).findByText("Closed: too many wrong PINs")).toBeTruthy();
    expect(within(dialog).getByText(/198\.51\.100\.66 · Entered a wrong PIN/)).toBeTruthy();
    expect(within(dialog).queryByRole("button", { name: /^Revoke/ })).toBeNull();
  });

  it("names an expiry the server refuses under its field", async () => {
    const { user, dialog } = await openDialog({
      "GET /api/jobs/7/share-links": { status: 200, body: { success: true, data: [] } },
      "POST /api/jobs/7/share-links": {
        status: 400,
        body: { message: shareLinkMessages.expiresAtTooFar, errors: { expiresAt: shareLinkMessages.expiresAtTooFar } },
      },
    });
    await user.click(within(dialog).getByRole("button", { name: "Create link" }));
    expect(await within(dialog).findByText(shareLinkMessages.expiresAtTooFar)).toBeTruthy();
  });
});
