// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderScreen } from "@/testing/render-screen";
import { formatQuantity, formatTaxRate, PricedLines } from "./priced-lines";

const lines = [
  { id: 1, description: "Thermal inspection", quantity: 40, unit: "acres", unitPrice: 4500, amount: 180_000 },
  { id: 2, description: "Orthomosaic map", quantity: 2.5, unit: "h", unitPrice: 3333, amount: 8333, optional: true },
];

const totalsText = () =>
  Array.from(document.querySelectorAll("dl > div")).map((row) => `${row.querySelector("dt")?.textContent}=${row.querySelector("dd")?.textContent}`);

describe("priced lines and their totals", () => {
  it("lists each line with its quantity, unit price and amount, marking an optional item", () => {
    renderScreen(
      <PricedLines
        lines={lines}
        totals={{ subtotal: 180_000, discount: 0, taxRateBasisPoints: 825, tax: 14_850, total: 194_850, depositAmount: 58_455 }}
        currency="usd"
        caption="The lines of Estimate #12"
      />,
    );
    const table = screen.getByRole("table", { name: "The lines of Estimate #12" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(within(rows[0]!).getByRole("rowheader").textContent).toContain("Thermal inspection");
    expect(
      within(rows[0]!)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["40 acres", "$45.00", "$1,800.00"]);
    expect(within(rows[1]!).getByRole("rowheader").textContent).toMatch(/^Orthomosaic mapOptional/);
    expect(totalsText()).toEqual(["Subtotal=$1,800.00", "Tax (8.25%)=$148.50", "Total=$1,948.50", "Deposit=$584.55"]);
  });

  it("shows a discount, paid and balance when given, and no deposit row for 0", () => {
    renderScreen(
      <PricedLines
        lines={lines.slice(0, 1)}
        totals={{ subtotal: 180_000, discount: 10_000, taxRateBasisPoints: 0, tax: 0, total: 170_000, depositAmount: 0, paid: 50_000, balance: 120_000 }}
        currency="usd"
        caption="Invoice 2026-0001"
        describe={(line) => <em>{line.description}</em>}
      />,
    );
    expect(totalsText()).toEqual(["Subtotal=$1,800.00", "Discount=−$100.00", "Tax (0%)=$0.00", "Total=$1,700.00", "Paid=$500.00", "Balance due=$1,200.00"]);
    expect(screen.getByRole("rowheader").querySelector("em")?.textContent).toBe("Thermal inspection");
  });

  it("writes quantities and tax rates as people read them", () => {
    expect(formatQuantity({ quantity: 40.125, unit: "acres" })).toBe("40.125 acres");
    expect(formatQuantity({ quantity: 3, unit: "" })).toBe("3");
    expect(formatTaxRate(825)).toBe("8.25%");
    expect(formatTaxRate(1000)).toBe("10%");
  });
});
