// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Route } from "wouter";
import type { JobDetail } from "@common/contract/jobs";
import { siteArea } from "@common/site-boundary";
import { answerRequests } from "@/testing/answer-fetch";
import { freshPage } from "@/testing/fresh-page";
import { sampleCustomer } from "@/testing/sample-billing";
import { sampleJob } from "@/testing/sample-job";
import { squareBoundary } from "@/testing/sample-site-boundary";

const EMPTY_LIST = { status: 200, body: { success: true, data: [] } };
const siteBoundary = squareBoundary([1.5, 51.5]);

function jobOf(overrides: Partial<JobDetail>): JobDetail {
  return { ...sampleJob({ status: "requested", scheduledStart: null, scheduledEnd: null, pilotId: null, pilotName: null }), events: [], reports: [], media: [], quote: null, payments: [], ...overrides };
}

async function openJob(job: JobDetail) {
  const sent = answerRequests({
    "GET /api/user": { status: 200, body: sampleCustomer },
    "GET /api/jobs/12": { status: 200, body: { success: true, data: job } },
    "GET /api/jobs/12/messages": EMPTY_LIST,
    "GET /api/jobs/12/layers": EMPTY_LIST,
    "GET /api/estimates?jobId=12": EMPTY_LIST,
    "GET /api/invoices?jobId=12": EMPTY_LIST,
    "PUT /api/jobs/12/site-boundary": { status: 200, body: job.siteArea },
  });
  const { renderScreen, Page } = await freshPage(() => import("./job-page"));
  const { user } = renderScreen(<Route path="/dashboard/jobs/:id" component={Page} />, "/dashboard/jobs/12");
  const site = (await screen.findByRole("heading", { name: "Site" })).closest("section")!;
  return { sent, user, site };
}

describe("the Site of a customer's job", () => {
  it("shows the boundary drawn with the request, and lets the customer redraw it while the request is open", async () => {
    const { sent, user, site } = await openJob(jobOf({ siteBoundary, siteArea: siteArea(siteBoundary) }));
    expect(within(site).getByText("Site boundary: 7.61 acres (3.08 ha)")).toBeTruthy();

    await user.click(within(site).getByRole("button", { name: "Edit site boundary" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit site boundary" });
    expect(await within(dialog).findByText("Area: 7.61 acres (3.08 ha)")).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Save boundary" }));
    expect(await screen.findByText("Site boundary saved")).toBeTruthy();
    expect(sent.find((request) => request.method === "PUT")?.body).toEqual(siteBoundary);
    // The job is read again, with the area as stored.
    expect(sent.filter((request) => request.url === "/api/jobs/12")).toHaveLength(2);
  });

  it("offers to draw the site on a request sent without one", async () => {
    const { site } = await openJob(jobOf({}));
    expect(within(site).queryByText(/^Site boundary:/)).toBeNull();
    expect(within(site).getByRole("button", { name: "Draw site boundary" })).toBeTruthy();
  });

  it("keeps the boundary as it was once the request is accepted", async () => {
    const { site } = await openJob(jobOf({ status: "accepted", siteBoundary, siteArea: siteArea(siteBoundary) }));
    expect(within(site).getByText("Site boundary: 7.61 acres (3.08 ha)")).toBeTruthy();
    expect(within(site).queryByRole("button", { name: /site boundary/ })).toBeNull();
  });
});

describe("the Deliverables of a customer's job", () => {
  it("offers every file of the job as one ZIP, by a plain download link the browser streams", async () => {
    await openJob(jobOf({ status: "delivered" }));
    const deliverables = (await screen.findByRole("heading", { name: "Deliverables" })).closest("section")!;
    const link = within(deliverables).getByRole("link", { name: "Download all files of this job" });
    expect(link.getAttribute("href")).toBe("/api/jobs/12/download.zip");
    expect(link.hasAttribute("download")).toBe(true);
    // One file or none: nothing to choose between.
    expect(within(deliverables).queryByText("Choose files to download")).toBeNull();
  });

  it("builds a ZIP of the reports and media ticked under Choose files to download", async () => {
    const report = (id: number, title: string) => ({ id, userId: 5, serviceId: 1, jobId: 12, title, description: "", contentType: "application/pdf", size: 10, fileUrl: `/api/reports/${id}/file`, createdAt: "2026-11-20T10:00:00.000Z" });
    const video = { id: 9, userId: 5, serviceId: 1, jobId: 12, title: "Flyover", description: "", fileType: "video/mp4", size: 10, isGalleryItem: false, fileUrl: "/api/media/9/file", thumbnailUrl: null, posterUrl: null, durationSeconds: null, createdAt: "2026-11-20T10:00:00.000Z" };
    const { user } = await openJob(jobOf({ status: "delivered", reports: [report(3, "Thermal"), report(4, "Summary")], media: [video] }));
    const deliverables = (await screen.findByRole("heading", { name: "Deliverables" })).closest("section")!;
    await user.click(within(deliverables).getByText("Choose files to download"));
    expect(within(deliverables).getByText("Tick the files to put in the ZIP.")).toBeTruthy();
    await user.click(within(deliverables).getByRole("checkbox", { name: "Media: Flyover" }));
    await user.click(within(deliverables).getByRole("checkbox", { name: "Report: Thermal" }));
    const link = within(deliverables).getByRole("link", { name: "Download selected (2)" });
    expect(link.getAttribute("href")).toBe("/api/jobs/12/download.zip?items=media:9,report:3");
    await user.click(within(deliverables).getByRole("checkbox", { name: "Media: Flyover" }));
    expect(within(deliverables).getByRole("link", { name: "Download selected (1)" }).getAttribute("href")).toBe("/api/jobs/12/download.zip?items=report:3");
  });
});
