// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Route } from "wouter";
import type { CustomerDetail } from "@common/contract/customers";
import type { Job } from "@common/contract/jobs";
import { answerRequests } from "@/testing/answer-fetch";
import { freshPage } from "@/testing/fresh-page";
import { sampleAmounts, samplePayment } from "@/testing/sample-billing";
import { sampleJob } from "@/testing/sample-job";

const admin = {
  id: 1,
  username: "admin",
  email: "admin@example.com",
  firstName: "",
  lastName: "",
  role: "admin",
  createdAt: "2026-01-01T09:00:00.000Z",
  company: "",
  phone: "",
  billingAddress: "",
  active: true,
};

const job = (id: number, title: string, status: Job["status"], quoteId: number | null = null): CustomerDetail["jobs"][number] => ({
  ...sampleJob({
    id,
    status,
    userId: 7,
    customerName: "Wilbur Wright",
    serviceId: null,
    quoteId,
    title,
    site: { name: "", address: "", latitude: null, longitude: null },
    scheduledStart: null,
    scheduledEnd: null,
    pilotId: null,
    pilotName: null,
    createdAt: "2026-02-01T09:00:00.000Z",
    updatedAt: "2026-02-01T09:00:00.000Z",
  }),
  amounts: sampleAmounts(),
});

const file = { description: "", contentType: "application/pdf", size: 10, serviceId: null };

const wilbur = (id: number, role: CustomerDetail["role"]): CustomerDetail => ({
  id,
  username: "wilbur",
  requiredInsuranceLimit: null,
  email: "wilbur@example.com",
  firstName: "Wilbur",
  lastName: "Wright",
  role,
  createdAt: "2026-01-10T09:00:00.000Z",
  company: "",
  phone: "",
  billingAddress: "",
  active: true,
  notes: "",
  jobCount: 2,
  openJobCount: 1,
  totalPaidCents: 120_000,
  lastActivityAt: "2026-03-02T09:00:00.000Z",
  jobs: [
    job(30, "East array scan", "processing", 12),
    {
      ...job(31, "Roof survey", "delivered"),
      amounts: sampleAmounts({ pricedBy: "estimate", acceptedTotal: 232_738, deposit: 69_821, depositPaid: 69_821, paid: 69_821, balance: 162_917 }),
    },
  ],
  reports: [
    { ...file, id: 40, userId: id, jobId: 30, title: "Thermal findings", fileUrl: "/api/reports/40/file", createdAt: "2026-02-20T09:00:00.000Z" },
    { ...file, id: 41, userId: id, jobId: 31, title: "Roof report", fileUrl: "/api/reports/41/file", createdAt: "2026-02-10T09:00:00.000Z" },
  ],
  media: [
    {
      id: 50,
      userId: id,
      serviceId: null,
      jobId: null,
      title: "Site photo",
      description: "",
      fileType: "image/png",
      fileUrl: "/api/media/50/file",
      thumbnailUrl: null,
      posterUrl: null,
      durationSeconds: null,
      size: 10,
      isGalleryItem: false,
      categoryId: null,
      posterPending: false,
      createdAt: "2026-01-20T09:00:00.000Z",
    },
  ],
  quotes: [
    {
      id: 12,
      serviceType: "solar",
      description: "Thermal scan",
      budget: "",
      timeline: "",
      status: "accepted",
      price: 120_000,
      declineReason: null,
      paid: true,
      pricedByEstimate: false,
      jobId: null,
      jobStatus: null,
      stage: "accepted",
      nextStep: "We schedule the flight with you",
      createdAt: "2026-01-15T09:00:00.000Z",
    },
  ],
  payments: [
    // A deposit on the second job's estimate, which has no invoice yet: the server names its job all the same.
    samplePayment({
      id: 61,
      description: "Deposit for Estimate #31",
      amount: 69_821,
      quoteId: null,
      estimateId: 31,
      jobId: 31,
      reference: "demo_2",
      createdAt: "2026-02-05T09:00:00.000Z",
    }),
    samplePayment({
      id: 60,
      description: "Solar Inspections",
      amount: 120_000,
      quoteId: 12,
      estimateId: null,
      jobId: 30,
      reference: "demo_1",
      createdAt: "2026-01-16T09:00:00.000Z",
    }),
  ],
});

async function openPage(id: number, answer: { status: number; body: unknown }) {
  answerRequests({ "GET /api/user": { status: 200, body: admin }, [`GET /api/admin/customers/${id}`]: answer });
  const { renderScreen, Page } = await freshPage(() => import("./customer-page"));
  renderScreen(<Route path="/admin-dashboard/customers/:id" component={Page} />, `/admin-dashboard/customers/${id}`);
}

const section = (name: string) => screen.getByRole("region", { name });

describe("/admin-dashboard/customers/:id", () => {
  it("shows the account's jobs linking to their page, its deliverables with the held ones marked, its quotes and payments", async () => {
    await openPage(7, { status: 200, body: { success: true, data: wilbur(7, "customer") } });
    expect(await screen.findByRole("heading", { level: 1, name: "Wilbur Wright" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to customers" }).getAttribute("href")).toBe("/admin-dashboard?tab=customers");

    const jobs = within(section("Jobs"));
    expect(jobs.getByRole("link", { name: "East array scan" }).getAttribute("href")).toBe("/admin-dashboard/jobs/30");
    expect(jobs.getByText("Processing")).toBeTruthy();
    // Each job's amounts as the server computed them.
    const roof = within(jobs.getAllByRole("listitem")[1]!);
    expect(roof.getAllByRole("definition").map((value) => value.textContent)).toEqual(["$2,327.38", "$698.21", "$698.21", "$1,629.17"]);
    expect(roof.getAllByRole("term").map((term) => term.textContent)).toEqual(["Accepted total", "Deposit", "Paid", "Balance"]);

    // Newest first; a deliverable of a job not yet delivered is held from the customer.
    const deliverables = within(section("Deliverables")).getAllByRole("listitem");
    expect(deliverables.map((item) => within(item).getByRole("link", { name: /^Download / }).textContent)).toEqual([
      "Download Thermal findings",
      "Download Roof report",
      "Download Site photo",
    ]);
    expect(within(deliverables[0]!).getByText("Held until delivery")).toBeTruthy();
    expect(within(deliverables[0]!).getByRole("link", { name: "Job: East array scan" }).getAttribute("href")).toBe("/admin-dashboard/jobs/30");
    expect(within(deliverables[1]!).queryByText("Held until delivery")).toBeNull();
    expect(within(deliverables[2]!).getByText("Outside a job")).toBeTruthy();

    const quotes = within(section("Quotes"));
    expect(quotes.getByText("Accepted")).toBeTruthy();
    expect(quotes.getByText("$1,200.00")).toBeTruthy();
    expect(quotes.getByRole("link", { name: "Job: East array scan" })).toBeTruthy();
    const payments = within(section("Payments"));
    expect(payments.getByRole("row", { name: /Solar Inspections/ }).textContent).toContain("$1,200.00");
    expect(within(payments.getByRole("row", { name: /Solar Inspections/ })).getByRole("link", { name: "Job: East array scan" })).toBeTruthy();
    expect(
      within(payments.getByRole("row", { name: /Deposit for Estimate #31/ }))
        .getByRole("link", { name: "Job: Roof survey" })
        .getAttribute("href"),
    ).toBe("/admin-dashboard/jobs/31");

    expect(screen.getByRole<HTMLSelectElement>("combobox", { name: "Role" }).value).toBe("customer");
  });

  it("offers no role control on the admin's own account", async () => {
    await openPage(1, { status: 200, body: { success: true, data: { ...wilbur(1, "admin"), jobs: [], reports: [], media: [], quotes: [], payments: [] } } });
    await screen.findByRole("heading", { level: 1, name: "Wilbur Wright" });
    expect(screen.queryByRole("combobox", { name: "Role" })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Save/ })).toBeNull();
    expect(screen.getByText("This is your account: another admin can change its role.")).toBeTruthy();
  });

  it("reads Customer not found for an account that does not exist, with a way back", async () => {
    await openPage(999, { status: 404, body: { message: "Customer not found" } });
    expect(await screen.findByRole("heading", { level: 1, name: "Customer not found" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to customers" }).getAttribute("href")).toBe("/admin-dashboard?tab=customers");
  });
});
