// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Route, useLocation, useSearch } from "wouter";
import type { Estimate } from "@common/contract/estimates";
import { estimateAnswerMessages } from "@common/estimates";
import { answerRequests } from "@/testing/answer-fetch";
import { freshPage } from "@/testing/fresh-page";
import { sampleAcceptance, sampleChangesRequest, sampleCustomer, sampleEstimate } from "@/testing/sample-billing";

type Answer = { status: number; body?: unknown } | (() => { status: number; body?: unknown });

const found = (estimate: Estimate) => ({ status: 200, body: { success: true, data: estimate } });

/** Where the app went: the page under test navigates to checkout after accepting with a deposit. */
function Where() {
  const [path] = useLocation();
  const search = useSearch();
  return <output aria-label="Location">{search ? `${path}?${search}` : path}</output>;
}

async function openEstimate(estimate: Estimate, answers: Record<string, Answer> = {}) {
  const sent = answerRequests({ "GET /api/user": { status: 200, body: sampleCustomer }, [`GET /api/estimates/${estimate.id}`]: found(estimate), ...answers });
  const { renderScreen, Page } = await freshPage(() => import("./estimate-page"));
  const { user } = renderScreen(
    <>
      <Route path="/dashboard/estimates/:id" component={Page} />
      <Where />
    </>,
    `/dashboard/estimates/${estimate.id}`,
  );
  await screen.findByRole("heading", { level: 1, name: /^Estimate #/ });
  return { sent, user, posted: () => sent.filter((request) => request.method === "POST") };
}

const totals = () =>
  Object.fromEntries(
    Array.from(document.querySelectorAll("dl > div")).map((row) => [row.querySelector("dt")?.textContent, row.querySelector("dd")?.textContent]),
  );
const location = () => screen.getByRole("status", { name: "Location" }).textContent;

describe("/dashboard/estimates/:id, an estimate awaiting the customer's answer", () => {
  it("shows its lines and totals, and ticking the option recomputes the total and deposit with the rounding rule", async () => {
    const { user } = await openEstimate(sampleEstimate());
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Estimate #12");
    expect(screen.getByText("Awaiting your answer")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Download PDF of Estimate #12" }).getAttribute("href")).toBe("/api/estimates/31/pdf");
    expect(totals()).toMatchObject({ Subtotal: "$1,800.00", "Tax (8.25%)": "$148.50", Total: "$1,948.50", "Deposit (30%)": "$584.55" });

    await user.click(screen.getByRole("checkbox", { name: "Orthomosaic map of the whole site" }));
    // 2,150.00 × 8.25 % = 177.375 → 177.38; 30 % of 2,327.38 = 698.214 → 698.21.
    expect(totals()).toMatchObject({ Subtotal: "$2,150.00", "Tax (8.25%)": "$177.38", Total: "$2,327.38", "Deposit (30%)": "$698.21" });
    expect(screen.getByText(/\$2,327\.38 in total, with a deposit of \$698\.21/)).toBeTruthy();
  });

  it("accepts with the typed name and the ticked option, then goes straight to paying the deposit", async () => {
    const accepted = sampleEstimate({ status: "accepted", depositDue: 69_821 });
    const { user, posted } = await openEstimate(sampleEstimate(), { "POST /api/estimates/31/accept": found(accepted) });
    await user.click(screen.getByRole("checkbox", { name: "Orthomosaic map of the whole site" }));
    await user.type(screen.getByLabelText("Your full name"), "Jean Batten");
    await user.click(screen.getByRole("button", { name: "Accept and pay deposit" }));

    expect(posted()).toEqual([{ method: "POST", url: "/api/estimates/31/accept", body: { signatureName: "Jean Batten", optionalLineIds: [102] } }]);
    await screen.findByText(/^\/checkout\?/);
    const target = new URL(location() ?? "", "http://localhost");
    expect(Object.fromEntries(target.searchParams)).toEqual({ service: "Deposit for Estimate #12", amount: "0", estimate: "31" });
  });

  it("refuses a one-letter name before sending, and shows the server's refusals by field keeping what was typed", async () => {
    const refusal = { status: 400, body: { message: "Validation failed", errors: { signatureName: "Type your name as you sign documents" } } };
    const { user, posted } = await openEstimate(sampleEstimate(), { "POST /api/estimates/31/accept": refusal });
    const name = screen.getByLabelText("Your full name");
    await user.type(name, "J");
    await user.click(screen.getByRole("button", { name: "Accept and pay deposit" }));
    expect((await screen.findByRole("alert")).textContent).toBe(estimateAnswerMessages.signatureName);
    expect(posted()).toEqual([]);

    await user.type(name, "ean Batten");
    await user.click(screen.getByRole("button", { name: "Accept and pay deposit" }));
    expect((await screen.findByText("Type your name as you sign documents")).id).toBe("estimate-signature-error");
    expect(name.getAttribute("aria-invalid")).toBe("true");
    expect((name as HTMLInputElement).value).toBe("Jean Batten");
    expect(location()).toBe("/dashboard/estimates/31");
  });

  it("shows a refusal naming no field (expired since the page was opened) above the form", async () => {
    const { user } = await openEstimate(sampleEstimate(), {
      "POST /api/estimates/31/accept": { status: 409, body: { message: estimateAnswerMessages.expired } },
    });
    await user.type(screen.getByLabelText("Your full name"), "Jean Batten");
    await user.click(screen.getByRole("button", { name: "Accept and pay deposit" }));
    expect((await screen.findByRole("alert")).textContent).toBe(estimateAnswerMessages.expired);
    expect(location()).toBe("/dashboard/estimates/31");
  });

  it("accepts an estimate without a deposit in place", async () => {
    const free = sampleEstimate({ depositPercent: null, depositAmount: 0 });
    const { user } = await openEstimate(free, { "POST /api/estimates/31/accept": found({ ...free, status: "accepted" }) });
    expect(screen.queryByRole("button", { name: "Accept and pay deposit" })).toBeNull();
    await user.type(screen.getByLabelText("Your full name"), "Jean Batten");
    await user.click(screen.getByRole("button", { name: "Accept estimate" }));
    expect(await screen.findByText("Estimate accepted")).toBeTruthy();
    expect(location()).toBe("/dashboard/estimates/31");
  });

  it("requests changes with a comment and declines with a reason, each refused when empty", async () => {
    const { user, posted } = await openEstimate(sampleEstimate(), {
      "POST /api/estimates/31/request-changes": found(sampleEstimate({ status: "changes_requested" })),
      "POST /api/estimates/31/decline": { status: 400, body: { message: "Validation failed", errors: { reason: "Too short for us" } } },
    });
    const changes = within(screen.getByRole("form", { name: "Ask for changes" }));
    await user.click(changes.getByRole("button", { name: "Request changes" }));
    expect(changes.getByRole("alert").textContent).toBe(estimateAnswerMessages.comment);
    await user.type(changes.getByLabelText("Comment"), "Please add the north field.");
    await user.click(changes.getByRole("button", { name: "Request changes" }));
    expect(await screen.findByText("Changes requested")).toBeTruthy();

    const decline = within(screen.getByRole("form", { name: "Decline the estimate" }));
    await user.type(decline.getByLabelText("Reason"), "No");
    await user.click(decline.getByRole("button", { name: "Decline" }));
    expect((await decline.findByRole("alert")).textContent).toBe("Too short for us");
    expect((decline.getByLabelText("Reason") as HTMLTextAreaElement).value).toBe("No");
    expect(posted().map(({ url, body }) => [url, body])).toEqual([
      ["/api/estimates/31/request-changes", { comment: "Please add the north field." }],
      ["/api/estimates/31/decline", { reason: "No" }],
    ]);
  });
});

describe("/dashboard/estimates/:id, an estimate that can no longer be answered", () => {
  const noAnswerForms = () => {
    expect(screen.queryByLabelText("Your full name")).toBeNull();
    expect(screen.queryByRole("button", { name: /Request changes|Decline|Accept/ })).toBeNull();
    expect(screen.queryByRole("checkbox")).toBeNull();
  };

  it("points a superseded revision to the latest one, listing the revisions", async () => {
    const revisions = [
      { id: 31, revision: 1, status: "superseded" as const, total: 194_850, createdAt: "2026-12-01T10:00:00.000Z" },
      { id: 35, revision: 2, status: "sent" as const, total: 180_000, createdAt: "2026-12-03T10:00:00.000Z" },
    ];
    await openEstimate(sampleEstimate({ status: "superseded", revisions }));
    expect(screen.getByRole("link", { name: "Open the latest revision, Estimate #12 (revision 2)" }).getAttribute("href")).toBe("/dashboard/estimates/35");
    const listed = within(screen.getByRole("region", { name: "Revisions" })).getAllByRole("listitem");
    expect(listed.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Estimate #12 \(revision 2\)Awaiting your answer\$1,800\.00/),
      expect.stringMatching(/^Estimate #12 \(this one\)Replaced by a revision\$1,948\.50/),
    ]);
    noAnswerForms();
  });

  it("says an expired estimate cannot be accepted, and still takes a request for changes (the way to a new one)", async () => {
    const { user, posted } = await openEstimate(sampleEstimate({ status: "expired", validUntil: "2026-12-10" }), {
      "POST /api/estimates/31/request-changes": found(sampleEstimate({ status: "changes_requested" })),
    });
    expect(screen.getByText(/This estimate expired on Dec 10, 2026 and can no longer be accepted\. Ask for changes below/)).toBeTruthy();
    expect(screen.queryByLabelText("Your full name")).toBeNull();
    expect(screen.queryByRole("button", { name: /Accept/ })).toBeNull();
    expect(screen.queryByRole("checkbox")).toBeNull();
    expect(screen.getByRole("button", { name: "Decline" })).toBeTruthy();
    await user.type(screen.getByLabelText("Comment"), "Please send a new date.");
    await user.click(screen.getByRole("button", { name: "Request changes" }));
    expect(await screen.findByText("Changes requested")).toBeTruthy();
    expect(posted().map(({ url }) => url)).toEqual(["/api/estimates/31/request-changes"]);
  });

  it("shows an accepted estimate's signed figures, its choice, and the deposit still due with a way to pay it", async () => {
    const response = sampleAcceptance();
    await openEstimate(sampleEstimate({ status: "accepted", response, depositDue: 69_821 }));
    expect(screen.getByText(/You accepted this estimate on .*, signed “Jean Batten”/)).toBeTruthy();
    expect(totals()).toMatchObject({ Total: "$2,327.38", "Deposit (30%)": "$698.21" });
    expect(screen.getByRole("rowheader", { name: /Orthomosaic map/ }).textContent).toContain("Chosen");
    expect(screen.getByRole("link", { name: "Pay deposit $698.21" }).getAttribute("href")).toBe(
      "/checkout?service=Deposit+for+Estimate+%2312&amount=0&estimate=31",
    );
    noAnswerForms();
  });

  it("keeps the customer's comment on a revision they asked to change", async () => {
    const response = sampleChangesRequest("Add the north field.");
    await openEstimate(sampleEstimate({ status: "changes_requested", response }));
    expect(screen.getByText("Your comment: Add the north field.")).toBeTruthy();
    noAnswerForms();
  });

  it("says so when the estimate is not the customer's", async () => {
    answerRequests({
      "GET /api/user": { status: 200, body: sampleCustomer },
      "GET /api/estimates/99": { status: 404, body: { message: estimateAnswerMessages.notFound } },
    });
    const { renderScreen, Page } = await freshPage(() => import("./estimate-page"));
    renderScreen(<Route path="/dashboard/estimates/:id" component={Page} />, "/dashboard/estimates/99");
    expect(await screen.findByRole("heading", { level: 1, name: "Estimate not found" })).toBeTruthy();
  });
});
