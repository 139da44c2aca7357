// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Estimate } from "@common/contract/estimates";
import type { Invoice } from "@common/contract/invoices";
import type { JobDetail } from "@common/contract/jobs";
import { addDays } from "@common/calendar-date";
import { INVOICE_DUE_DAYS, invoiceMessages } from "@common/invoices";
import { jobMessages } from "@common/job-status";
import { answerRequests } from "@/testing/answer-fetch";
import { renderScreen } from "@/testing/render-screen";
import { sampleAcceptance, sampleChangesRequest, sampleEstimate, sampleInvoice } from "@/testing/sample-billing";
import { sampleJobDetail } from "@/testing/sample-job";
import { sampleAdmin, samplePilot } from "@/testing/sample-users";
import { browserToday } from "../estimates/estimate-form";
import { backToList } from "./job-address";
import { OVERRIDE_REASON_NEEDED } from "./job-action-dialog";
import { JobPanel } from "./job-panel";

const ADMIN = sampleAdmin;
const PILOT = samplePilot;
const list = (...rows: unknown[]) => ({ status: 200, body: { success: true, data: rows } });

interface Billing {
  job?: Partial<JobDetail>;
  estimates?: Estimate[];
  invoices?: Invoice[];
  more?: Parameters<typeof answerRequests>[0];
}

async function renderBilling({ job = {}, estimates = [], invoices = [], more = {} }: Billing, viewer = ADMIN) {
  const shown = sampleJobDetail(job);
  const sent = answerRequests({
    "GET /api/jobs/12": { status: 200, body: { success: true, data: shown } },
    "GET /api/jobs/12/messages": list(),
    "GET /api/estimates?jobId=12": list(...estimates),
    "GET /api/invoices?jobId=12": list(...invoices),
    "GET /api/admin/compliance/warnings?jobId=12": list(),
    ...more,
  });
  const { user } = renderScreen(<JobPanel jobId={12} viewer={viewer} back={backToList(null)} />);
  await screen.findByRole("region", { name: "Roof array survey" });
  return { sent, person: user, billing: () => screen.getByRole("region", { name: "Billing" }) };
}

/** The value of the first term so named in the scope: the details come before the lines' totals. */
const valueOf = (scope: HTMLElement, term: string) => within(scope).getAllByText(term, { selector: "dt" })[0]?.nextElementSibling?.textContent;

const posts = (sent: ReturnType<typeof answerRequests>) => sent.filter((request) => request.method !== "GET");

/** The job's final invoice, numbered and identified as the links and messages below name it. */
const finalInvoice = (overrides: Partial<Invoice> = {}) => sampleInvoice({ id: 81, number: "2026-0007", ...overrides });

describe("a job's Billing", () => {
  it("offers Send estimate on a job without one, and shows nothing of billing to its pilot", async () => {
    const { billing } = await renderBilling({ job: { status: "requested" } });
    expect(await within(billing()).findByText("No estimate sent for this job yet.")).toBeTruthy();
    expect(within(billing()).getByRole("button", { name: "Send estimate" })).toBeTruthy();
  });

  it("is not there for the job's pilot, who asks for no estimate or invoice", async () => {
    const { sent } = await renderBilling({}, PILOT);
    expect(screen.queryByRole("region", { name: "Billing" })).toBeNull();
    expect(sent.map((request) => request.url).filter((url) => /estimates|invoices/.test(url))).toEqual([]);
  });

  it("shows the current revision, its history and PDFs, and offers Revise estimate while the customer has not accepted", async () => {
    const [line, option] = sampleEstimate().lines;
    const estimate = sampleEstimate({
      id: 53,
      lines: [line!, { ...option!, description: "Orthomosaic map" }],
      revision: 2,
      status: "changes_requested",
      response: sampleChangesRequest("Add a second flight", { createdAt: "2026-11-03T09:00:00.000Z" }),
      revisions: [
        { id: 51, revision: 1, status: "superseded", total: 150_000, createdAt: "2026-11-01T09:00:00.000Z" },
        { id: 53, revision: 2, status: "changes_requested", total: 194_850, createdAt: "2026-11-02T09:00:00.000Z" },
      ],
    });
    const { billing, person } = await renderBilling({ job: { status: "requested" }, estimates: [estimate] });
    const view = await within(billing()).findByRole("article", { name: "Estimate #12 (revision 2)" });
    expect(valueOf(view, "Status")).toBe("Changes requested");
    expect(within(view).getByText("Add a second flight")).toBeTruthy();
    expect(valueOf(view, "Total")).toBe("$1,948.50");
    expect(within(view).getByRole("link", { name: "Download PDF of Estimate #12 (revision 2)" }).getAttribute("href")).toBe("/api/estimates/53/pdf");
    expect(within(view).getByRole("link", { name: "Download PDF of Estimate #12" }).getAttribute("href")).toBe("/api/estimates/51/pdf");
    expect(within(view).getByRole("table", { name: "The lines of Estimate #12 (revision 2), as sent" })).toBeTruthy();
    expect(within(billing()).queryByRole("button", { name: "Issue final invoice" })).toBeNull();

    await person.click(within(billing()).getByRole("button", { name: "Revise estimate" }));
    const dialog = await screen.findByRole("dialog", { name: "Revise estimate" });
    expect(within(dialog).getByRole("group", { name: "Line 1" })).toBeTruthy();
    expect(within(within(dialog).getByRole("group", { name: "Line 2" })).getByLabelText<HTMLInputElement>("Description").value).toBe("Orthomosaic map");
  });

  it("shows who accepted and when, the deposit paid, and issues the final invoice of a delivered job", async () => {
    const accepted = sampleEstimate({
      status: "accepted",
      depositPaid: 69_821,
      depositDue: 0,
      response: sampleAcceptance({ signatureName: "Amelia Earhart", signedAt: "2026-11-02T10:00:00.000Z", createdAt: "2026-11-02T10:00:00.000Z" }),
    });
    let issued = false;
    const { billing, person, sent } = await renderBilling({
      job: { status: "delivered" },
      estimates: [accepted],
      more: {
        "GET /api/invoices?jobId=12": () => list(...(issued ? [finalInvoice()] : [])),
        "POST /api/admin/invoices": () => {
          issued = true;
          return { status: 201, body: { success: true, data: finalInvoice() } };
        },
      },
    });
    const view = await within(billing()).findByRole("article", { name: "Estimate #12" });
    expect(valueOf(view, "Accepted total")).toBe("$2,327.38");
    expect(valueOf(view, "Deposit paid")).toBe("$698.21");
    expect(valueOf(view, "Accepted by")).toMatch(/^Amelia Earhart on Nov 2, 2026/);
    expect(within(view).getByText("chosen")).toBeTruthy();
    // The table's own totals are those accepted, the chosen optional item counted in: they agree with the accepted total above.
    expect(within(view).getByRole("table", { name: "The lines of Estimate #12, with the totals accepted" })).toBeTruthy();
    expect([valueOf(view, "Subtotal"), valueOf(view, "Total")]).toEqual(["$2,150.00", "$2,327.38"]);
    expect(within(billing()).queryByRole("button", { name: /estimate$/ })).toBeNull();

    await person.click(within(billing()).getByRole("button", { name: "Issue final invoice" }));
    const dialog = await screen.findByRole("dialog", { name: "Issue final invoice" });
    expect(within(dialog).getByLabelText<HTMLInputElement>("Due date").value).toBe(addDays(browserToday(), INVOICE_DUE_DAYS));
    await person.click(within(dialog).getByRole("button", { name: "Issue invoice" }));
    expect(await screen.findByText("Invoice 2026-0007 issued")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(posts(sent).map((request) => request.body)).toEqual([{ jobId: 12, dueDate: addDays(browserToday(), INVOICE_DUE_DAYS) }]);
    // The invoice now stands on the page, and no second one is offered.
    expect(await within(billing()).findByRole("article", { name: "Invoice 2026-0007" })).toBeTruthy();
    expect(within(billing()).queryByRole("button", { name: "Issue final invoice" })).toBeNull();
  });

  it("shows the server's refusal of the due date under it", async () => {
    const { billing, person } = await renderBilling({
      job: { status: "delivered" },
      estimates: [sampleEstimate({ status: "accepted" })],
      more: {
        "POST /api/admin/invoices": { status: 400, body: { message: invoiceMessages.dueBeforeIssue, errors: { dueDate: invoiceMessages.dueBeforeIssue } } },
      },
    });
    await person.click(await within(billing()).findByRole("button", { name: "Issue final invoice" }));
    const dialog = await screen.findByRole("dialog", { name: "Issue final invoice" });
    await person.click(within(dialog).getByRole("button", { name: "Issue invoice" }));
    expect((await within(dialog).findByText(invoiceMessages.dueBeforeIssue)).getAttribute("id")).toBe("job-12-invoice-due-date-error");
  });

  it("shows an invoice's payments with their refunds, and records an offline payment of at most its balance", async () => {
    const invoice = finalInvoice({
      refunded: 5_000,
      payments: [
        {
          id: 61,
          amount: 69_821,
          status: "succeeded",
          method: "card",
          reference: "pi_deposit",
          kind: "deposit",
          refunds: [{ id: 3, amount: 5_000, status: "succeeded", reason: "Shorter flight", createdAt: "2026-11-05T09:00:00.000Z" }],
          createdAt: "2026-11-02T09:00:00.000Z",
        },
      ],
    });
    let attempts = 0;
    const { billing, person, sent } = await renderBilling({
      job: { status: "delivered" },
      estimates: [sampleEstimate({ status: "accepted" })],
      invoices: [invoice],
      more: {
        "POST /api/admin/invoices/81/payments": () =>
          ++attempts === 1
            ? { status: 400, body: { message: invoiceMessages.reference, errors: { reference: invoiceMessages.reference } } }
            : { status: 201, body: { success: true, data: { ...invoice, paid: 232_738, balance: 0, status: "paid" } } },
      },
    });
    const view = await within(billing()).findByRole("article", { name: "Invoice 2026-0007" });
    expect(valueOf(view, "Balance")).toBe("$1,629.17");
    expect(valueOf(view, "Refunded")).toBe("$50.00");
    expect(within(view).getByText(/Shorter flight/).textContent).toMatch(/^Refunded \$50\.00 \(succeeded\)/);
    expect(within(view).getByRole("link", { name: "Download PDF of Invoice 2026-0007" }).getAttribute("href")).toBe("/api/invoices/81/pdf");

    await person.click(within(view).getByRole("button", { name: "Record payment for invoice 2026-0007" }));
    const dialog = await screen.findByRole("dialog", { name: "Record payment" });
    const field = (label: string) => within(dialog).getByLabelText<HTMLInputElement>(label);
    expect(field("Amount (USD)").value).toBe("1629.17");
    expect([...within(dialog).getByLabelText<HTMLSelectElement>("Method").options].map((option) => option.text)).toEqual(["Bank transfer", "Cheque", "Cash"]);
    expect(field("Received on").value).toBe(browserToday());

    await person.clear(field("Amount (USD)"));
    await person.type(field("Amount (USD)"), "1629.18");
    await person.click(within(dialog).getByRole("button", { name: "Record payment" }));
    expect(await within(dialog).findByText(invoiceMessages.amountAboveBalance)).toBeTruthy();
    expect(posts(sent)).toEqual([]);

    await person.clear(field("Amount (USD)"));
    await person.type(field("Amount (USD)"), "1,000");
    await person.selectOptions(within(dialog).getByLabelText("Method"), "Cheque");
    await person.type(field("Reference"), "Cheque 000123");
    await person.click(within(dialog).getByRole("button", { name: "Record payment" }));
    expect((await within(dialog).findByText(invoiceMessages.reference)).getAttribute("id")).toBe("invoice-81-payment-reference-error");
    expect(field("Reference").value).toBe("Cheque 000123");

    await person.click(within(dialog).getByRole("button", { name: "Record payment" }));
    expect(await screen.findByText("Payment recorded")).toBeTruthy();
    expect(posts(sent).map((request) => request.body)).toEqual([
      { amount: 100_000, method: "cheque", reference: "Cheque 000123", receivedOn: browserToday() },
      { amount: 100_000, method: "cheque", reference: "Cheque 000123", receivedOn: browserToday() },
    ]);
  });
});

describe("scheduling past the gate: the estimate, and the operator's records", () => {
  it("shows what is missing, asks for an Override reason, and sends it", async () => {
    const due = jobMessages.depositUnpaid("$584.55");
    let tries = 0;
    const { person, sent } = await renderBilling({
      job: { status: "accepted" },
      estimates: [sampleEstimate({ status: "accepted", depositDue: 58_455 })],
      more: {
        "GET /api/admin/users": list(PILOT),
        "PATCH /api/admin/jobs/12": () =>
          ++tries === 1
            ? { status: 409, body: { message: due, errors: { deposit: due } } }
            : { status: 200, body: { success: true, message: "Job scheduled", data: sampleJobDetail({ status: "scheduled" }) } },
      },
    });
    await person.click(screen.getByRole("button", { name: "Schedule" }));
    const dialog = await screen.findByRole("dialog", { name: "Schedule the flight" });
    expect(within(dialog).queryByLabelText("Override reason")).toBeNull();
    await person.click(within(dialog).getByRole("button", { name: "Schedule" }));
    expect((await within(dialog).findByText(due)).closest("[role=alert]")).toBeTruthy();
    const reason = within(dialog).getByLabelText<HTMLInputElement>("Override reason");

    await person.click(within(dialog).getByRole("button", { name: "Schedule" }));
    expect(await within(dialog).findByText(OVERRIDE_REASON_NEEDED)).toBeTruthy();
    expect(sent.filter((request) => request.method === "PATCH")).toHaveLength(1);

    await person.type(reason, "Customer pays on site");
    await person.click(within(dialog).getByRole("button", { name: "Schedule" }));
    expect(await screen.findByText("Job scheduled")).toBeTruthy();
    const patches = sent.filter((request) => request.method === "PATCH").map((request) => request.body as Record<string, unknown>);
    expect(patches[0]).not.toHaveProperty("overrideReason");
    expect(patches[1]).toMatchObject({ status: "scheduled", pilotId: 7, overrideReason: "Customer pays on site" });
  });

  it("offers the fleet, and shows every record the server names as lapsed before the override is sent with the aircraft", async () => {
    const certificate = "Pat Pilot's certificate is not current on the flight's day (2026-12-02): FAA Part 107 4470123: recurrent training due 2026-12-01";
    const grounded = "The aircraft cannot fly on 2026-12-02: DJI Matrice 30T (1ZNBJ7R0C1) is grounded";
    let tries = 0;
    const { person, sent } = await renderBilling({
      job: { status: "accepted" },
      more: {
        "GET /api/admin/users": list(PILOT),
        "GET /api/admin/aircraft": list({
          id: 5,
          make: "DJI",
          model: "Matrice 30T",
          serial: "1ZNBJ7R0C1",
          registration: "FA3KX9LMP2",
          registrationExpiresOn: null,
          remoteIdSerial: "",
          firmware: "",
          payloads: [],
          status: "grounded",
          flightHoursTenths: 0,
          history: [],
        }),
        "PATCH /api/admin/jobs/12": () =>
          ++tries === 1
            ? { status: 409, body: { message: `${certificate} ${grounded}`, errors: { certificate, aircraft: grounded } } }
            : { status: 200, body: { success: true, message: "Job scheduled", data: sampleJobDetail({ status: "scheduled" }) } },
      },
    });
    await person.click(screen.getByRole("button", { name: "Schedule" }));
    const dialog = await screen.findByRole("dialog", { name: "Schedule the flight" });
    const aircraft = within(dialog).getByLabelText<HTMLSelectElement>("Aircraft");
    await within(aircraft).findByRole("option", { name: "DJI Matrice 30T (1ZNBJ7R0C1) — Grounded" });
    await person.selectOptions(aircraft, "5");
    await person.click(within(dialog).getByRole("button", { name: "Schedule" }));
    const alert = (await within(dialog).findByText(certificate)).closest("[role=alert]") as HTMLElement;
    expect(within(alert).getByText(grounded)).toBeTruthy();
    await person.type(within(dialog).getByLabelText("Override reason"), "Recurrent course passed yesterday");
    await person.click(within(dialog).getByRole("button", { name: "Schedule" }));
    expect(await screen.findByText("Job scheduled")).toBeTruthy();
    const patches = sent.filter((request) => request.method === "PATCH").map((request) => request.body as Record<string, unknown>);
    expect(patches[0]).toMatchObject({ aircraftId: 5 });
    expect(patches[1]).toMatchObject({ aircraftId: 5, overrideReason: "Recurrent course passed yesterday" });
  });
});
