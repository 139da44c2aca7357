// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { addDays } from "@common/calendar-date";
import { estimateMessages } from "@common/estimates";
import { moneyMessages } from "@common/money";
import { answerRequests } from "@/testing/answer-fetch";
import { errorOf } from "@/testing/field-error";
import { renderScreen } from "@/testing/render-screen";
import { sampleEstimate } from "@/testing/sample-billing";
import { sampleAdminQuote } from "@/testing/sample-quote";
import { QuotesTab } from "../quotes-tab";
import { EstimateBuilderButton } from "./estimate-builder-button";
import type { EstimateBuilderProps } from "./estimate-builder-dialog";
import { DOLLARS_MESSAGE } from "../money-input";
import { browserToday } from "./estimate-form";

const quote = sampleAdminQuote();

const list = (...rows: unknown[]) => ({ status: 200, body: { success: true, data: rows, total: rows.length } });
const created = { status: 201, body: { success: true, data: sampleEstimate() } };

type Person = ReturnType<typeof renderScreen>["user"];

const lineOf = (dialog: HTMLElement, index: number) => within(dialog).getByRole("group", { name: `Line ${index + 1}` });
const input = (scope: HTMLElement, label: string) => within(scope).getByLabelText<HTMLInputElement>(label, { exact: true });

async function fillLine(
  person: Person,
  dialog: HTMLElement,
  index: number,
  line: { description: string; quantity: string; unit: string; unitPrice: string; optional?: boolean },
) {
  const row = lineOf(dialog, index);
  for (const [label, value] of [
    ["Description", line.description],
    ["Quantity", line.quantity],
    ["Unit", line.unit],
    ["Unit price (USD)", line.unitPrice],
  ] as const) {
    await person.clear(input(row, label));
    if (value) await person.type(input(row, label), value);
  }
  if (line.optional) await person.click(input(row, "Optional"));
}

describe("Send estimate on a pending quote request", () => {
  it("sends two lines, one optional, and a 30 % deposit in cents, then reloads the quotes", async () => {
    const sent = answerRequests({ "GET /api/admin/quotes?status=pending&page=1&pageSize=10": list(quote), "POST /api/admin/estimates": created });
    const { user: person } = renderScreen(<QuotesTab />);
    const card = (await screen.findByText("Thermal scan of a 40 acre array")).closest("li")!;
    await person.click(within(card).getByRole("button", { name: "Send estimate for the request from Amelia Earhart" }));
    const dialog = await screen.findByRole("dialog", { name: "Send estimate" });
    expect(input(dialog, "Valid until").value).toBe(addDays(browserToday(), 30));

    await fillLine(person, dialog, 0, { description: "Thermal inspection", quantity: "40", unit: "acre", unitPrice: "45" });
    await person.click(within(dialog).getByRole("button", { name: "Add line" }));
    await fillLine(person, dialog, 1, { description: "Orthomosaic map", quantity: "1", unit: "", unitPrice: "1,250.50", optional: true });
    await person.type(input(dialog, "Discount (USD)"), "100");
    await person.click(input(dialog, "Percent of total"));
    await person.clear(input(dialog, "Deposit (%)"));
    await person.type(input(dialog, "Deposit (%)"), "30");
    await person.type(input(dialog, "Note"), "Dry mornings only.");
    // The rate of a first estimate is the business's: the totals stop before tax.
    const totals = within(dialog).getByRole("region", { name: "Totals as typed" });
    expect(totals.textContent).toContain("Subtotal$1,800.00");
    expect(totals.textContent).toContain("Before tax$1,700.00");
    expect(totals.textContent).toContain("Optional items, if all ticked+$1,250.50");
    expect(totals.textContent).toContain("Tax is added at the business's rate");

    await person.click(within(dialog).getByRole("button", { name: "Send estimate" }));
    expect(await screen.findByText("Estimate sent")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(sent.filter((request) => request.method === "POST").map((request) => request.body)).toEqual([
      {
        jobId: 12,
        lines: [
          { description: "Thermal inspection", quantity: 40, unit: "acre", unitPrice: 4_500, optional: false },
          { description: "Orthomosaic map", quantity: 1, unit: "", unitPrice: 125_050, optional: true },
        ],
        discount: 10_000,
        deposit: { percent: 30 },
        validUntil: addDays(browserToday(), 30),
        note: "Dry mornings only.",
      },
    ]);
    // Sending accepts the quote: the list reloads to show where it stands.
    expect(sent.filter((request) => request.url === "/api/admin/quotes?status=pending&page=1&pageSize=10")).toHaveLength(2);
  });

  it("offers no Send estimate on a request without a job", async () => {
    answerRequests({ "GET /api/admin/quotes?status=pending&page=1&pageSize=10": list({ ...quote, jobId: null }) });
    renderScreen(<QuotesTab />);
    const card = (await screen.findByText("Thermal scan of a 40 acre array")).closest("li")!;
    expect(within(card).queryByRole("button", { name: /^Send estimate/ })).toBeNull();
    expect(within(card).getByRole("button", { name: /^Approve/ })).toBeTruthy();
  });
});

/** The builder as the job page offers it: its button alone, the builder's code loaded by the first press. */
async function openBuilder(props: Partial<EstimateBuilderProps> = {}) {
  const { user: person } = renderScreen(<EstimateBuilderButton jobId={12} about="Roof array survey for Amelia Earhart" label="Send estimate" {...props} />);
  await person.click(screen.getByRole("button", { name: props.label ?? "Send estimate" }));
  const dialog = await screen.findByRole("dialog", { name: props.label ?? "Send estimate" });
  return { person, dialog };
}

describe("the builder's button", () => {
  it("opens the builder at its first press, gives focus back to the same button on closing, and starts afresh at the next press", async () => {
    const { person, dialog } = await openBuilder();
    await person.type(input(lineOf(dialog, 0), "Description"), "Thermal inspection");
    await person.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    const button = screen.getByRole("button", { name: "Send estimate" });
    expect(document.activeElement).toBe(button);
    await person.click(button);
    const again = await screen.findByRole("dialog", { name: "Send estimate" });
    expect(input(lineOf(again, 0), "Description").value).toBe("");
  });
});

describe("the estimate builder's refusals", () => {
  it("refuses in the browser, under each field in the server's words, and sends nothing", async () => {
    const sent = answerRequests({});
    const { person, dialog } = await openBuilder();
    await fillLine(person, dialog, 0, { description: "", quantity: "0", unit: "", unitPrice: "12.345" });
    await person.click(within(dialog).getByRole("button", { name: "Add line" }));
    await fillLine(person, dialog, 1, { description: "Extra flight", quantity: "1", unit: "", unitPrice: "50", optional: true });
    await person.clear(input(dialog, "Deposit (%)"));
    await person.type(input(dialog, "Deposit (%)"), "120");
    await person.click(within(dialog).getByRole("button", { name: "Send estimate" }));

    const first = lineOf(dialog, 0);
    expect(errorOf(input(first, "Description"))).toBe(estimateMessages.description);
    expect(errorOf(input(first, "Quantity"))).toBe(estimateMessages.quantity);
    expect(errorOf(input(first, "Unit price (USD)"))).toBe(DOLLARS_MESSAGE);
    expect(input(first, "Description")).toBe(document.activeElement);
    expect(errorOf(input(dialog, "Deposit (%)"))).toBe(estimateMessages.depositPercent);
    expect(input(first, "Unit price (USD)").value).toBe("12.345");
    expect(sent).toEqual([]);
  });

  it("asks for a line that is not optional, and refuses a discount above the subtotal and a date in the past", async () => {
    const sent = answerRequests({});
    const { person, dialog } = await openBuilder();
    await fillLine(person, dialog, 0, { description: "Mapping", quantity: "1", unit: "", unitPrice: "100", optional: true });
    await person.click(within(dialog).getByRole("button", { name: "Send estimate" }));
    expect(within(dialog).getByText(estimateMessages.requiredLine).getAttribute("role")).toBe("alert");

    await person.click(input(lineOf(dialog, 0), "Optional"));
    await person.type(input(dialog, "Discount (USD)"), "150");
    await person.click(within(dialog).getByRole("button", { name: "Send estimate" }));
    expect(errorOf(input(dialog, "Discount (USD)"))).toBe(moneyMessages.discountAboveSubtotal);
    await person.clear(input(dialog, "Discount (USD)"));
    await person.clear(input(dialog, "Valid until"));
    await person.type(input(dialog, "Valid until"), addDays(browserToday(), -1));
    await person.click(within(dialog).getByRole("button", { name: "Send estimate" }));
    expect(errorOf(input(dialog, "Valid until"))).toBe(estimateMessages.validUntilPast);
    expect(errorOf(input(dialog, "Discount (USD)"))).toBeUndefined();
    expect(within(dialog).queryByText(estimateMessages.requiredLine)).toBeNull();
    expect(sent).toEqual([]);
  });

  it("shows the server's refusal under the field it names, keeping what was typed", async () => {
    answerRequests({
      "POST /api/admin/estimates": { status: 400, body: { message: "Validation failed", errors: { "lines.1.unitPrice": estimateMessages.unitPriceMax } } },
    });
    const { person, dialog } = await openBuilder();
    await fillLine(person, dialog, 0, { description: "Thermal inspection", quantity: "40", unit: "acre", unitPrice: "45" });
    await person.click(within(dialog).getByRole("button", { name: "Add line" }));
    await fillLine(person, dialog, 1, { description: "Site model", quantity: "2.5", unit: "h", unitPrice: "80" });
    await person.click(within(dialog).getByRole("button", { name: "Send estimate" }));
    const price = input(lineOf(dialog, 1), "Unit price (USD)");
    expect(await within(dialog).findByText(estimateMessages.unitPriceMax)).toBeTruthy();
    expect(errorOf(price)).toBe(estimateMessages.unitPriceMax);
    expect(price.value).toBe("80");
    expect(input(lineOf(dialog, 1), "Quantity").value).toBe("2.5");
    expect(screen.getByRole("dialog", { name: "Send estimate" })).toBeTruthy();
  });

  it("shows a refusal that names no field above the form", async () => {
    answerRequests({ "POST /api/admin/estimates": { status: 409, body: { message: "An accepted estimate cannot be revised" } } });
    const { person, dialog } = await openBuilder();
    await fillLine(person, dialog, 0, { description: "Thermal inspection", quantity: "40", unit: "acre", unitPrice: "45" });
    await person.click(within(dialog).getByRole("button", { name: "Send estimate" }));
    expect((await within(dialog).findByText("An accepted estimate cannot be revised")).closest("[role=alert]")).toBeTruthy();
  });
});

describe("Revise estimate", () => {
  it("starts from the revision it replaces, shows tax at its rate, and can switch to a fixed deposit", async () => {
    const sent = answerRequests({ "POST /api/admin/estimates": { status: 201, body: { success: true, data: sampleEstimate({ id: 52, revision: 2 }) } } });
    const [line, option] = sampleEstimate().lines;
    const previous = sampleEstimate({ lines: [line!, { ...option!, description: "Orthomosaic map" }], discount: 5_000, validUntil: "2099-01-31" });
    const { person, dialog } = await openBuilder({ label: "Revise estimate", previous });
    expect(within(dialog).getByText(/This revision replaces revision 1/)).toBeTruthy();
    expect([
      input(lineOf(dialog, 1), "Description").value,
      input(lineOf(dialog, 1), "Unit price (USD)").value,
      input(lineOf(dialog, 1), "Optional").checked,
    ]).toEqual(["Orthomosaic map", "350.00", true]);
    expect(input(dialog, "Deposit (%)").value).toBe("30");
    expect(input(dialog, "Discount (USD)").value).toBe("50.00");
    const totals = within(dialog).getByRole("region", { name: "Totals as typed" });
    // $1,800 − $50 = $1,750; tax 8.25 % = $144.375 → $144.38; total $1,894.38; 30 % = $568.314 → $568.31.
    expect(totals.textContent).toContain("Tax (8.25%)$144.38");
    expect(totals.textContent).toContain("Total$1,894.38");
    expect(totals.textContent).toContain("Deposit$568.31");

    await person.click(within(lineOf(dialog, 1)).getByRole("button", { name: "Remove line" }));
    expect(within(dialog).queryByRole("group", { name: "Line 2" })).toBeNull();
    await person.click(input(dialog, "Fixed amount"));
    expect(within(dialog).queryByLabelText("Deposit (%)")).toBeNull();
    await person.clear(input(dialog, "Deposit (USD)"));
    await person.type(input(dialog, "Deposit (USD)"), "500");
    expect(totals.textContent).toContain("Deposit$500.00");
    await person.click(within(dialog).getByRole("button", { name: "Send estimate" }));
    expect(await screen.findByText("Estimate sent")).toBeTruthy();
    expect(sent[0]?.body).toMatchObject({
      lines: [{ description: "Thermal inspection", quantity: 40, unit: "acre", unitPrice: 4_500, optional: false }],
      discount: 5_000,
      deposit: { amount: 50_000 },
      validUntil: "2099-01-31",
    });
  });
});

describe("pricing by the site's area", () => {
  it("adds a line of the acres the customer drew, which the admin prices", async () => {
    const sent = answerRequests({ "POST /api/admin/estimates": created });
    const { person, dialog } = await openBuilder({ siteArea: { areaM2: 49_977, acres: 12.349, hectares: 5 } });
    await person.click(within(dialog).getByRole("button", { name: "Add area line" }));
    const line = lineOf(dialog, 1);
    expect([input(line, "Description").value, input(line, "Quantity").value, input(line, "Unit").value, input(line, "Unit price (USD)").value]).toEqual([
      "Site area",
      "12.35",
      "acre",
      "",
    ]);

    await person.click(within(lineOf(dialog, 0)).getByRole("button", { name: "Remove line" }));
    await person.type(input(lineOf(dialog, 0), "Unit price (USD)"), "40");
    await person.click(within(dialog).getByRole("button", { name: "Send estimate" }));
    expect(await screen.findByText("Estimate sent")).toBeTruthy();
    expect(sent[0]?.body).toMatchObject({ lines: [{ description: "Site area", quantity: 12.35, unit: "acre", unitPrice: 4_000, optional: false }] });
  });

  it("offers no area line for a job whose site was not drawn", async () => {
    answerRequests({});
    const { dialog } = await openBuilder({ siteArea: null });
    expect(within(dialog).queryByRole("button", { name: "Add area line" })).toBeNull();
  });
});
