// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { answerRequests } from "@/testing/answer-fetch";
import { renderScreen } from "@/testing/render-screen";
import { sampleAdminQuote } from "@/testing/sample-quote";
import { typedDollarsMessages } from "@common/money";
import { ApproveQuoteDialog } from "./approve-quote-dialog";
import { quotePriceMessage } from "./quote-price";

const quote = sampleAdminQuote({ id: 12, userId: 3, jobId: 30, description: "Thermal scan of a 2 MW array" });

const priceIn = (dialog: HTMLElement) => within(dialog).getByLabelText<HTMLInputElement>("Price (USD)");

async function openDialog() {
  const { user } = renderScreen(<ApproveQuoteDialog quote={quote} disabled={false} />);
  await user.click(screen.getByRole("button", { name: /^Approve the request from Amelia Earhart/ }));
  const dialog = await screen.findByRole("dialog", { name: "Approve quote request" });
  return { user, dialog };
}

describe("the approve dialog's price", () => {
  it.each([
    ["0", quotePriceMessage()],
    ["100000.01", quotePriceMessage()],
    ["abc", typedDollarsMessages.unreadable],
    ["3.850,00", typedDollarsMessages.decimalComma],
  ])("refuses %j under the field with %j and sends nothing", async (price, message) => {
    const sent = answerRequests({});
    const { user, dialog } = await openDialog();
    await user.type(priceIn(dialog), price);
    await user.click(within(dialog).getByRole("button", { name: "Approve" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(message);
    expect(priceIn(dialog).getAttribute("aria-invalid")).toBe("true");
    expect(sent).toEqual([]);
  });

  it.each([
    ["3,850", "Understood as $3,850.00"],
    ["$3,850.00", "Understood as $3,850.00"],
    ["3850.5", "Understood as $3,850.50"],
    [" 3 850 ", "Understood as $3,850.00"],
  ])("says under the field how it reads %j before anything is sent", async (price, understood) => {
    const sent = answerRequests({});
    const { user, dialog } = await openDialog();
    await user.type(priceIn(dialog), price);
    const said = within(dialog).getByText(understood);
    expect(priceIn(dialog).getAttribute("aria-describedby")).toBe(said.id);
    expect(sent).toEqual([]);
  });

  it("sends the price as cents, and no price at all when left empty", async () => {
    const sent = answerRequests({
      "PATCH /api/admin/quotes/12": { status: 200, body: { success: true } },
      "GET /api/admin/quotes": { status: 200, body: { success: true, data: [] } },
    });
    const first = await openDialog();
    await first.user.type(priceIn(first.dialog), "1,500.25");
    await first.user.click(within(first.dialog).getByRole("button", { name: "Approve" }));
    expect(await screen.findByText("Quote request accepted")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();

    await first.user.click(screen.getByRole("button", { name: /^Approve the request from/ }));
    const again = await screen.findByRole("dialog", { name: "Approve quote request" });
    expect(priceIn(again).value).toBe("");
    await first.user.click(within(again).getByRole("button", { name: "Approve" }));
    await screen.findByText("Quote request accepted");

    const patches = sent.filter((request) => request.method === "PATCH");
    expect(patches.map((request) => request.body)).toEqual([{ status: "accepted", price: 150_025 }, { status: "accepted" }]);
  });

  it("stays open with the price typed when the server refuses", async () => {
    answerRequests({
      "PATCH /api/admin/quotes/12": { status: 409, body: { message: "This quote was already decided" } },
      "GET /api/admin/quotes": { status: 200, body: { success: true, data: [] } },
    });
    const { user, dialog } = await openDialog();
    await user.type(priceIn(dialog), "250");
    await user.click(within(dialog).getByRole("button", { name: "Approve" }));
    expect(await screen.findByText("Update Failed")).toBeTruthy();
    expect(screen.getByText("Could not update the request status")).toBeTruthy();
    expect(screen.getByRole("dialog", { name: "Approve quote request" })).toBeTruthy();
    expect(priceIn(dialog).value).toBe("250");
  });
});
