// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { PriceListItem } from "@common/contract/price-list";
import { priceListMessages } from "@common/price-list";
import { SITE_DEFAULTS } from "@common/site";
import { setSiteConfig } from "@/lib/site-config";
import { answerRequests } from "@/testing/answer-fetch";
import { errorOf } from "@/testing/field-error";
import { renderScreen } from "@/testing/render-screen";
import { DOLLARS_MESSAGE } from "../money-input";
import { PriceListTab } from "./price-list-tab";

const survey: PriceListItem = {
  id: 31,
  description: "Thermal survey of a solar array",
  unit: "MWp",
  unitPrice: 45_000,
  taxExempt: false,
  archivedAt: null,
  createdAt: "2026-03-01T10:00:00.000Z",
  updatedAt: "2026-03-01T10:00:00.000Z",
};
const listOf = (...rows: PriceListItem[]) => ({ status: 200, body: { success: true, data: rows } });

describe("the back office's Price list tab", () => {
  it("lists the items in a table with their unit, price and tax", async () => {
    answerRequests({
      "GET /api/admin/price-list": listOf(survey, { ...survey, id: 32, description: "Permit filing", unit: "", unitPrice: 7_500, taxExempt: true }),
    });
    renderScreen(<PriceListTab />);
    const table = await screen.findByRole("table");
    const rows = within(table).getAllByRole("row").slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole("cell")
          .map((cell) => cell.textContent)
          .slice(0, 3),
      ),
    ).toEqual([
      ["MWp", "$450.00", "Taxable"],
      ["—", "$75.00", "Exempt"],
    ]);
  });

  it("prices the items in the business's currency", async () => {
    setSiteConfig({ ...SITE_DEFAULTS, currency: "EUR" });
    try {
      answerRequests({ "GET /api/admin/price-list": listOf(survey) });
      renderScreen(<PriceListTab />);
      const table = await screen.findByRole("table");
      expect(within(table).getAllByRole("row")[1]?.textContent).toContain("€450.00");
    } finally {
      setSiteConfig(SITE_DEFAULTS);
    }
  });

  it("refuses an item in the browser under each field, then adds it in cents", async () => {
    const sent = answerRequests({
      "GET /api/admin/price-list": listOf(),
      "POST /api/admin/price-list": { status: 201, body: { success: true, data: survey } },
    });
    const { user: person } = renderScreen(<PriceListTab />);
    await person.click(await screen.findByRole("button", { name: "Add item" }));
    const dialog = await screen.findByRole("dialog", { name: "Add price list item" });
    await person.type(within(dialog).getByLabelText("Unit price (USD)"), "4.505");
    await person.click(within(dialog).getByRole("button", { name: "Save item" }));
    expect(errorOf(within(dialog).getByLabelText("Unit price (USD)"))).toBe(DOLLARS_MESSAGE);
    await person.clear(within(dialog).getByLabelText("Unit price (USD)"));
    await person.type(within(dialog).getByLabelText("Unit price (USD)"), "450");
    await person.click(within(dialog).getByRole("button", { name: "Save item" }));
    expect(errorOf(within(dialog).getByLabelText("Description"))).toBe(priceListMessages.description);
    expect(sent.filter((request) => request.method === "POST")).toEqual([]);

    await person.type(within(dialog).getByLabelText("Description"), survey.description);
    await person.type(within(dialog).getByLabelText("Unit"), "MWp");
    await person.click(within(dialog).getByRole("button", { name: "Save item" }));
    expect(await screen.findByText("Item added")).toBeTruthy();
    expect(sent.filter((request) => request.method === "POST").map((request) => request.body)).toEqual([
      { description: survey.description, unit: "MWp", unitPrice: 45_000, taxExempt: false },
    ]);
  });

  it("says when Delete archived an item an estimate refers to", async () => {
    answerRequests({
      "GET /api/admin/price-list": listOf(survey),
      "DELETE /api/admin/price-list/31": { status: 200, body: { success: true, message: "Price list item archived", data: { id: 31, outcome: "archived" } } },
    });
    const { user: person } = renderScreen(<PriceListTab />);
    await person.click(await screen.findByRole("button", { name: `Delete ${survey.description}` }));
    const dialog = await screen.findByRole("dialog", { name: "Delete price list item" });
    await person.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Item archived")).toBeTruthy();
    expect(screen.getByText(`${survey.description}: an estimate refers to it, so it is kept, no longer offered.`)).toBeTruthy();
  });
});
