// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Route } from "wouter";
import type { SharedJob } from "@common/contract/share-links";
import { shareLinkMessages } from "@common/share-links";
import genericPoster from "@/assets/video-poster.svg";
import { answerRequests } from "@/testing/answer-fetch";
import { freshPage } from "@/testing/fresh-page";

type Answer = { status: number; body?: unknown };
const API = "/api/share/tok";

type Unlocked = Extract<SharedJob, { locked: false }>;
const shared = (overrides: Partial<Unlocked> = {}): Unlocked => ({
  locked: false,
  expiresAt: "2030-01-31T23:59:00.000Z",
  allowDownload: true,
  title: "Roof survey",
  siteName: "North barn",
  siteBoundary: null,
  showMap: false,
  reports: [
    {
      id: 3,
      title: "Thermal report",
      description: "Hotspots",
      createdAt: "2026-11-20T10:00:00.000Z",
      contentType: "application/pdf",
      fileUrl: `${API}/reports/3`,
      downloadUrl: `${API}/reports/3?download=1`,
    },
  ],
  media: [
    {
      id: 4,
      title: "Roof east",
      description: "",
      createdAt: "2026-11-20T10:00:00.000Z",
      fileType: "video/mp4",
      fileUrl: `${API}/media/4`,
      thumbnailUrl: null,
      posterUrl: null,
      durationSeconds: null,
      downloadUrl: `${API}/media/4?download=1`,
    },
  ],
  layers: [],
  findings: null,
  compliancePacket: null,
  zipUrl: `${API}/download.zip`,
  ...overrides,
});

async function openShare(answers: Record<string, Answer | (() => Answer)>) {
  const sent = answerRequests(answers);
  const { renderScreen, Page } = await freshPage(() => import("./share-page"));
  const { user } = renderScreen(<Route path="/share/:token" component={Page} />, "/share/tok");
  return { sent, user };
}

describe("/share/:token, the recipient's page", () => {
  it("shows the reports, the media in a lightbox whose video seeks, and Download all", async () => {
    const { user } = await openShare({ [`GET ${API}`]: { status: 200, body: shared() } });
    expect(await screen.findByRole("heading", { level: 1, name: "Roof survey" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Download all shared files as one ZIP" }).getAttribute("href")).toBe(`${API}/download.zip`);
    expect(
      within(screen.getByRole("region", { name: "Reports" }))
        .getByRole("link", { name: "Download Thermal report" })
        .getAttribute("href"),
    ).toBe(`${API}/reports/3?download=1`);
    await user.click(screen.getByRole("button", { name: "Open Roof east" }));
    const video = within(await screen.findByRole("dialog", { name: "Roof east" })).getByLabelText("Roof east");
    expect(video.getAttribute("src")).toBe(`${API}/media/4`);
    expect(video.hasAttribute("controls")).toBe(true);
    // No poster was made (no ffmpeg on the server): the site's generic one.
    expect(video.getAttribute("poster")).toBe(genericPoster);
  });

  it("shows a video's poster frame and length on its tile and in the lightbox", async () => {
    const media = [{ ...shared().media[0]!, posterUrl: `${API}/media/4/poster`, durationSeconds: 74.4 }];
    const { user } = await openShare({ [`GET ${API}`]: { status: 200, body: shared({ media }) } });
    // The tile's name says the length too: "Open Roof east Duration 1:14".
    const tile = await screen.findByRole("button", { name: "Open Roof east Duration 1:14" });
    expect(tile.querySelector("img")?.getAttribute("src")).toBe(`${API}/media/4/poster`);
    expect(within(tile).getByText("1:14").closest("time")?.getAttribute("datetime")).toBe("PT74S");
    await user.click(tile);
    const video = within(await screen.findByRole("dialog", { name: "Roof east" })).getByLabelText("Roof east");
    expect(video.getAttribute("poster")).toBe(`${API}/media/4/poster`);
  });

  it("offers the compliance packet and the scanned copies it names, saved only where downloads are allowed", async () => {
    const compliancePacket = {
      url: `${API}/compliance.pdf`,
      copies: [{ id: 5, record: "FAA Part 107 4470123", name: "licence.png", contentType: "image/png", url: `${API}/compliance/copies/5` }],
    };
    await openShare({ [`GET ${API}`]: { status: 200, body: shared({ compliancePacket }) } });
    const section = await screen.findByRole("region", { name: "Compliance packet" });
    expect(within(section).getByRole("link", { name: "View the compliance packet" }).getAttribute("href")).toBe(`${API}/compliance.pdf`);
    expect(within(section).getByRole("link", { name: "Download the compliance packet (PDF)" }).getAttribute("href")).toBe(`${API}/compliance.pdf?download=1`);
    expect(within(section).getByRole("link", { name: "licence.png" }).getAttribute("href")).toBe(`${API}/compliance/copies/5`);
    expect(within(section).getByRole("link", { name: "download licence.png" }).getAttribute("href")).toBe(`${API}/compliance/copies/5?download=1`);
  });

  it("offers the packet without its download on a view-only link, and says when no scanned copy is on file", async () => {
    const compliancePacket = { url: `${API}/compliance.pdf`, copies: [] };
    await openShare({ [`GET ${API}`]: { status: 200, body: shared({ compliancePacket, allowDownload: false, zipUrl: null }) } });
    const section = await screen.findByRole("region", { name: "Compliance packet" });
    expect(within(section).queryByRole("link", { name: "Download the compliance packet (PDF)" })).toBeNull();
    expect(within(section).getByText("No scanned copy is on file for the records it names.")).toBeTruthy();
  });

  it("lists the shared findings with their severity, locator, state and crops at the link's own address", async () => {
    const finding = {
      id: 9,
      class: "hot_spot" as const,
      title: "Hot spot",
      severity: "critical" as const,
      status: "open" as const,
      locator: "Block A / Row 3 / String S7",
      lat: 48.85,
      lon: 2.35,
      polygon: null,
      maxTemp: 71,
      deltaT: 24,
      indexValue: null,
      powerLoss: null,
      note: "Open circuit",
      images: [
        { kind: "thermal" as const, title: "Thermal: Roof", url: `${API}/findings/9/images/4`, width: 120, height: 154 },
        { kind: "photo" as const, title: "Roof east", url: `${API}/media/3`, width: null, height: null },
      ],
      createdAt: "2026-11-20T10:00:00.000Z",
    };
    await openShare({ [`GET ${API}`]: { status: 200, body: shared({ findings: [finding] }) } });
    const section = await screen.findByRole("region", { name: "Findings" });
    const row = within(section).getByRole("row", { name: /Hot spot/ });
    for (const text of ["critical", "Block A / Row 3 / String S7", "Open", "Open circuit"]) expect(within(row).getByText(text)).toBeTruthy();
    // The crops beside it, as the customer's list shows them; an attached photo is in the gallery, not here.
    expect(
      within(row)
        .getAllByRole("img")
        .map((image) => [image.getAttribute("alt"), image.getAttribute("src")]),
    ).toEqual([["Thermal: Roof", `${API}/findings/9/images/4`]]);
  });

  it("shows no Findings section when the link does not share them", async () => {
    await openShare({ [`GET ${API}`]: { status: 200, body: shared() } });
    await screen.findByRole("heading", { level: 1, name: "Roof survey" });
    expect(screen.queryByRole("region", { name: "Findings" })).toBeNull();
  });

  it("offers no download on a view-only link", async () => {
    await openShare({
      [`GET ${API}`]: {
        status: 200,
        body: shared({
          allowDownload: false,
          zipUrl: null,
          reports: [{ ...shared().reports[0]!, downloadUrl: null }],
          media: [{ ...shared().media[0]!, downloadUrl: null }],
        }),
      },
    });
    await screen.findByRole("heading", { level: 1, name: "Roof survey" });
    expect(screen.queryByRole("link", { name: /Download/ })).toBeNull();
    expect(screen.getByText(/view only/)).toBeTruthy();
  });

  it("asks for the PIN, says a wrong one under the field, and opens with the right one", async () => {
    let unlocked = false;
    const { user } = await openShare({
      [`GET ${API}`]: () => ({ status: 200, body: unlocked ? shared() : { locked: true, expiresAt: "2030-01-31T23:59:00.000Z" } }),
      [`POST ${API}/pin`]: () => {
        const right = unlocked;
        unlocked = true;
        return right
          ? { status: 200, body: { success: true, message: "PIN accepted" } }
          : { status: 403, body: { message: shareLinkMessages.wrongPin, errors: { pin: shareLinkMessages.wrongPin } } };
      },
    });
    const pin = await screen.findByRole("textbox", { name: "PIN" });
    await user.type(pin, "12");
    await user.click(screen.getByRole("button", { name: "Open" }));
    expect(screen.getByRole("alert").textContent).toBe(shareLinkMessages.pinEntry);
    await user.type(pin, "0000");
    await user.click(screen.getByRole("button", { name: "Open" }));
    expect((await screen.findByRole("alert")).textContent).toBe(shareLinkMessages.wrongPin);
    await user.type(pin, "4821");
    await user.click(screen.getByRole("button", { name: "Open" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Roof survey" })).toBeTruthy();
  });

  it.each([
    [410, shareLinkMessages.revoked, "This link no longer works"],
    [410, shareLinkMessages.expired, "This link no longer works"],
    [404, "This share link does not exist. Check the address you were sent.", "Link not found"],
  ])("says in words why a %i link opens nothing", async (status, message, title) => {
    await openShare({ [`GET ${API}`]: { status, body: { message } } });
    expect(await screen.findByRole("heading", { level: 1, name: title })).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
  });
});
