// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Route } from "wouter";
import type { JobDetail } from "@common/contract/jobs";
import type { WaitingItem } from "@common/contract/waiting";
import { siteArea } from "@common/site-area-of";
import { answerRequests } from "@/testing/answer-fetch";
import { freshPage } from "@/testing/fresh-page";
import { sampleCustomer } from "@/testing/sample-billing";
import { sampleJobDetail } from "@/testing/sample-job";
import { squareBoundary } from "@/testing/sample-site-boundary";

const EMPTY_LIST = { status: 200, body: { success: true, data: [] } };
const siteBoundary = squareBoundary([1.5, 51.5]);

function jobOf(overrides: Partial<JobDetail>): JobDetail {
  return sampleJobDetail({ status: "requested", scheduledStart: null, scheduledEnd: null, pilotId: null, pilotName: null, ...overrides });
}

async function openJob(job: JobDetail, more: Parameters<typeof answerRequests>[0] = {}) {
  const sent = answerRequests({
    "GET /api/waiting?jobId=12": EMPTY_LIST,
    ...more,
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
    // Its files are listed (layers, documents and findings are not in the job's answer) only when asked for.
    expect(within(deliverables).getByText("Choose files to download")).toBeTruthy();
  });

  it("builds a ZIP of any of the job's files ticked under Choose files to download: reports, media, map layers, documents and the findings", async () => {
    const files = [
      { kind: "report", id: 3, title: "Thermal", size: 10 },
      { kind: "report", id: 4, title: "Summary", size: 10 },
      { kind: "media", id: 9, title: "Flyover", size: 10 },
      { kind: "layer", id: 7, title: "Orthomosaic", size: 10 },
      { kind: "document", id: 2, title: "Site plan", size: 10 },
      { kind: "findings", id: "csv", title: "Findings (CSV)", size: null },
    ];
    const { user, sent } = await openJob(jobOf({ status: "delivered" }), { "GET /api/jobs/12/files": { status: 200, body: { success: true, data: files } } });
    const deliverables = (await screen.findByRole("heading", { name: "Deliverables" })).closest("section")!;
    expect(within(deliverables).getByRole("link", { name: "Download all files of this job" }).getAttribute("href")).toBe("/api/jobs/12/download.zip");
    // Listed only once asked for.
    expect(sent.some((request) => request.url === "/api/jobs/12/files")).toBe(false);
    await user.click(within(deliverables).getByText("Choose files to download"));
    expect(await within(deliverables).findByText("Tick the files to put in the ZIP.")).toBeTruthy();
    await user.click(within(deliverables).getByRole("checkbox", { name: "Select the Findings (CSV)" }));
    await user.click(within(deliverables).getByRole("checkbox", { name: "Select map layer Orthomosaic" }));
    await user.click(within(deliverables).getByRole("checkbox", { name: "Select media Flyover" }));
    await user.click(within(deliverables).getByRole("checkbox", { name: "Select report Thermal" }));
    await user.click(within(deliverables).getByRole("checkbox", { name: "Select document Site plan" }));
    // In the ZIP's order, whatever the order of the ticks.
    expect(within(deliverables).getByRole("link", { name: "Download selected (5)" }).getAttribute("href")).toBe(
      "/api/jobs/12/download.zip?items=report:3,media:9,layer:7,document:2,findings:csv",
    );
    const all = within(deliverables).getByRole("checkbox", { name: "Select all" }) as HTMLInputElement;
    expect(all.checked).toBe(false);
    expect(all.indeterminate).toBe(true);
    await user.click(within(deliverables).getByRole("checkbox", { name: "Select media Flyover" }));
    expect(within(deliverables).getByRole("link", { name: "Download selected (4)" }).getAttribute("href")).toBe(
      "/api/jobs/12/download.zip?items=report:3,layer:7,document:2,findings:csv",
    );
    await user.click(all);
    expect(all.checked).toBe(true);
    expect(within(deliverables).getByRole("link", { name: "Download selected (6)" }).getAttribute("href")).toBe(
      "/api/jobs/12/download.zip?items=report:3,report:4,media:9,layer:7,document:2,findings:csv",
    );
    await user.click(all);
    expect(within(deliverables).queryByRole("link", { name: /Download selected/ })).toBeNull();
  });

  it("says so when the job has no files to choose from", async () => {
    const { user } = await openJob(jobOf({ status: "delivered" }), { "GET /api/jobs/12/files": EMPTY_LIST });
    const deliverables = (await screen.findByRole("heading", { name: "Deliverables" })).closest("section")!;
    await user.click(within(deliverables).getByText("Choose files to download"));
    expect(await within(deliverables).findByText("This job has no files to download yet.")).toBeTruthy();
  });
});

describe("what waits for the customer on the job", () => {
  const invoice: WaitingItem = {
    kind: "invoice",
    jobId: 12,
    jobTitle: "Roof array survey",
    invoiceId: 3,
    currency: "usd",
    sentence: "Invoice 2026-0003 is waiting for payment.",
    action: "Open the invoice",
    href: "/dashboard/jobs/12#invoices-heading",
    amountDue: 162_917,
    dueDate: "2026-12-28",
    overdue: false,
  };

  it("comes first, above the timeline: the sentence, the balance and due day, and an anchor to the job's own invoices", async () => {
    await openJob(jobOf({ status: "delivered" }), { "GET /api/waiting?jobId=12": { status: 200, body: { success: true, data: [invoice] } } });
    const block = (await screen.findByRole("heading", { level: 2, name: "Waiting for you" })).closest("section")!;
    expect(within(block).getByText("Invoice 2026-0003 is waiting for payment.")).toBeTruthy();
    expect(within(block).getByText("Balance $1,629.17 · due Dec 28, 2026")).toBeTruthy();
    // The job page names its job once, in its heading.
    expect(within(block).queryByText("Roof array survey")).toBeNull();
    expect(
      within(block)
        .getByRole("link", { name: /^Open the invoice\s*: Roof array survey$/ })
        .getAttribute("href"),
    ).toBe("#invoices-heading");
    const timeline = screen.getByRole("heading", { level: 2, name: /timeline/i });
    expect(block.compareDocumentPosition(timeline) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("is absent when nothing waits", async () => {
    await openJob(jobOf({ status: "accepted" }));
    expect(screen.queryByRole("heading", { name: "Waiting for you" })).toBeNull();
  });
});
