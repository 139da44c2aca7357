// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { answerRequests } from "@/testing/answer-fetch";
import { renderScreen } from "@/testing/render-screen";
import { sampleAcceptance, sampleEstimate, sampleInvoice } from "@/testing/sample-billing";
import { JobEstimate, JobInvoices } from "./job-billing";

const list = (...data: unknown[]) => ({ status: 200, body: { success: true, data } });
const detail = (term: string) => screen.getByText(term, { selector: "dt" }).nextElementSibling?.textContent;

describe("a customer's job page, Estimate", () => {
  it("shows the latest revision's status, total and deposit, linking to it", async () => {
    const revised = sampleEstimate({ id: 35, revision: 2, total: 180_000, depositAmount: 54_000 });
    const sent = answerRequests({ "GET /api/estimates?jobId=12": list(revised, sampleEstimate({ status: "superseded" })) });
    renderScreen(<JobEstimate jobId={12} />);
    expect((await screen.findByRole("heading", { level: 3 })).textContent).toBe("Estimate #12 (revision 2)");
    expect(detail("Status")).toBe("Awaiting your answer");
    expect(detail("Total")).toBe("$1,800.00");
    expect(detail("Deposit")).toBe("$540.00");
    expect(detail("Valid until")).toBe("Jan 15, 2027");
    expect(screen.getByRole("link", { name: "View estimate" }).getAttribute("href")).toBe("/dashboard/estimates/35");
    expect(screen.queryByRole("link", { name: /^Pay deposit/ })).toBeNull();
    expect(sent.map((request) => request.url)).toEqual(["/api/estimates?jobId=12"]);
  });

  it("offers the deposit still due on an accepted estimate, at the accepted figures", async () => {
    const response = sampleAcceptance();
    answerRequests({ "GET /api/estimates?jobId=12": list(sampleEstimate({ status: "accepted", response, depositDue: 69_821 })) });
    renderScreen(<JobEstimate jobId={12} />);
    expect(await screen.findByRole("link", { name: "Pay deposit $698.21" })).toBeTruthy();
    expect(detail("Total")).toBe("$2,327.38");
    expect(detail("Deposit due")).toBe("$698.21");
  });

  it("says when the job has no estimate", async () => {
    answerRequests({ "GET /api/estimates?jobId=12": list() });
    renderScreen(<JobEstimate jobId={12} />);
    expect(await screen.findByText("No estimate for this job.")).toBeTruthy();
  });
});

describe("a customer's job page, Invoices", () => {
  it("lists each invoice with its figures, Pay while money is due and its PDF", async () => {
    const paid = sampleInvoice({ id: 40, number: "2026-0000", status: "paid", paid: 232_738, balance: 0 });
    answerRequests({ "GET /api/invoices?jobId=12": list(sampleInvoice({ overdue: true }), paid) });
    renderScreen(<JobInvoices jobId={12} />);
    const [open, settled] = within(await screen.findByRole("table", { name: "The invoices of this job, newest first" }))
      .getAllByRole("row")
      .slice(1);
    expect(
      within(open!)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["Jan 3, 2027", "$2,327.38", "$698.21", "$1,629.17", "Overdue", expect.stringContaining("Pay $1,629.17")]);
    expect(within(open!).getByRole("link", { name: "Pay $1,629.17 of invoice 2026-0001" }).getAttribute("href")).toBe(
      "/checkout?service=Invoice+2026-0001&amount=0&invoice=41",
    );
    expect(within(open!).getByRole("link", { name: "Download PDF of invoice 2026-0001" }).getAttribute("href")).toBe("/api/invoices/41/pdf");
    // The links name the invoice for screen readers without repeating its number in the page's text, where a search for it finds it once.
    expect(open!.textContent?.split("2026-0001")).toHaveLength(2);
    expect(within(settled!).getAllByRole("cell")[4]?.textContent).toBe("Paid");
    expect(within(settled!).queryByRole("link", { name: /^Pay/ })).toBeNull();
    expect(within(settled!).getByRole("link", { name: "Download PDF of invoice 2026-0000" })).toBeTruthy();
  });

  it("says when there is no invoice yet", async () => {
    answerRequests({ "GET /api/invoices?jobId=12": list() });
    renderScreen(<JobInvoices jobId={12} />);
    expect(await screen.findByText(/^No invoices for this job yet/)).toBeTruthy();
  });
});
