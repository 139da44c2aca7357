// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { PriceListItem } from "@common/contract/price-list";
import { answerRequests } from "@/testing/answer-fetch";
import { renderScreen } from "@/testing/render-screen";
import { sampleEstimate } from "@/testing/sample-billing";
import { EstimateBuilderButton } from "./estimate-builder-button";

const item = (id: number, description: string, unit: string, unitPrice: number): PriceListItem => ({
  id,
  description,
  unit,
  unitPrice,
  taxExempt: false,
  archivedAt: null,
  createdAt: "2026-03-01T10:00:00.000Z",
  updatedAt: "2026-03-01T10:00:00.000Z",
});
const survey = item(31, "Thermal survey of a solar array", "MWp", 45_000);
const crew = item(32, "Flight crew", "hour", 3_333);
const listOf = (...rows: PriceListItem[]) => ({ status: 200, body: { success: true, data: rows } });
const created = { status: 201, body: { success: true, data: sampleEstimate() } };

const input = (scope: HTMLElement, label: string) => within(scope).getByLabelText<HTMLInputElement>(label, { exact: true });
const lineOf = (dialog: HTMLElement, index: number) => within(dialog).getByRole("group", { name: `Line ${index + 1}` });
const lineValues = (dialog: HTMLElement, index: number) =>
  ["Description", "Quantity", "Unit", "Unit price (USD)"].map((label) => input(lineOf(dialog, index), label).value);

async function openBuilder() {
  const { user: person } = renderScreen(<EstimateBuilderButton jobId={12} about="Roof array survey for Amelia Earhart" label="Send estimate" />);
  await person.click(screen.getByRole("button", { name: "Send estimate" }));
  const dialog = await screen.findByRole("dialog", { name: "Send estimate" });
  return { person, dialog };
}

describe("the estimate builder's price list", () => {
  it("loads nothing until asked for", async () => {
    const sent = answerRequests({});
    const { dialog } = await openBuilder();
    expect(within(dialog).getByRole("button", { name: "Add from price list" })).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it("fills the blank first line with an item, adds the next below it, and sends the admin's own quantity and price with each item's id", async () => {
    const sent = answerRequests({ "GET /api/admin/price-list": listOf(crew, survey), "POST /api/admin/estimates": created });
    const { person, dialog } = await openBuilder();
    await person.click(within(dialog).getByRole("button", { name: "Add from price list" }));
    const list = await within(dialog).findByRole("list", { name: "Price list items" });
    expect(within(list).getByText("$450.00 / MWp")).toBeTruthy();

    await person.click(within(list).getByRole("button", { name: `Add ${survey.description}` }));
    expect(within(dialog).getAllByRole("group", { name: /^Line \d+$/ })).toHaveLength(1);
    expect(lineValues(dialog, 0)).toEqual([survey.description, "1", "MWp", "450.00"]);
    expect(within(dialog).getByRole("status").textContent).toBe(`Added "${survey.description}" as a line.`);

    await person.click(within(list).getByRole("button", { name: `Add ${crew.description}` }));
    expect(lineValues(dialog, 1)).toEqual(["Flight crew", "1", "hour", "33.33"]);

    // This customer's figures: 2.5 hours at $30.00.
    await person.clear(input(lineOf(dialog, 1), "Quantity"));
    await person.type(input(lineOf(dialog, 1), "Quantity"), "2.5");
    await person.clear(input(lineOf(dialog, 1), "Unit price (USD)"));
    await person.type(input(lineOf(dialog, 1), "Unit price (USD)"), "30");
    await person.click(within(dialog).getByRole("button", { name: "Send estimate" }));
    expect(await screen.findByText("Estimate sent")).toBeTruthy();
    expect(sent.find((request) => request.method === "POST")?.body).toMatchObject({
      lines: [
        { description: survey.description, quantity: 1, unit: "MWp", unitPrice: 45_000, optional: false, priceListItemId: 31 },
        { description: "Flight crew", quantity: 2.5, unit: "hour", unitPrice: 3_000, optional: false, priceListItemId: 32 },
      ],
    });
  });

  it("adds an item below a line already typed, and sends a typed line without an item", async () => {
    const sent = answerRequests({ "GET /api/admin/price-list": listOf(crew), "POST /api/admin/estimates": created });
    const { person, dialog } = await openBuilder();
    await person.type(input(lineOf(dialog, 0), "Description"), "Travel");
    await person.type(input(lineOf(dialog, 0), "Unit price (USD)"), "80");
    await person.click(within(dialog).getByRole("button", { name: "Add from price list" }));
    await person.click(await within(dialog).findByRole("button", { name: "Add Flight crew" }));
    expect(lineValues(dialog, 0)).toEqual(["Travel", "1", "", "80"]);
    expect(lineValues(dialog, 1)).toEqual(["Flight crew", "1", "hour", "33.33"]);
    await person.click(within(dialog).getByRole("button", { name: "Send estimate" }));
    expect(await screen.findByText("Estimate sent")).toBeTruthy();
    const [typed, fromList] = (sent.find((request) => request.method === "POST")?.body as { lines: object[] }).lines;
    expect(typed).not.toHaveProperty("priceListItemId");
    expect(fromList).toMatchObject({ priceListItemId: 32 });
  });

  it("searches the price list as the admin types, and says when nothing matches", async () => {
    const sent = answerRequests({
      "GET /api/admin/price-list": listOf(crew, survey),
      "GET /api/admin/price-list?q=crew": listOf(crew),
      "GET /api/admin/price-list?q=lidar": listOf(),
    });
    const { person, dialog } = await openBuilder();
    await person.click(within(dialog).getByRole("button", { name: "Add from price list" }));
    const list = await within(dialog).findByRole("list", { name: "Price list items" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(2);
    await person.type(within(dialog).getByRole("searchbox", { name: "Search the price list" }), "crew");
    await waitFor(() => expect(within(dialog).getAllByRole("listitem")).toHaveLength(1));
    expect(within(dialog).queryByRole("button", { name: `Add ${survey.description}` })).toBeNull();
    await person.clear(within(dialog).getByRole("searchbox", { name: "Search the price list" }));
    await person.type(within(dialog).getByRole("searchbox", { name: "Search the price list" }), "lidar");
    expect(await within(dialog).findByText('No price list item matches "lidar".')).toBeTruthy();
    expect(sent.map((request) => request.url)).toContain("/api/admin/price-list?q=crew");
  });
});
