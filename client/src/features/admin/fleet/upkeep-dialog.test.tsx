// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Aircraft, Battery, MaintenanceEntry } from "@common/contract/operator-records";
import { recordMessages } from "@common/operator-records";
import { answerRequests } from "@/testing/answer-fetch";
import { renderScreen } from "@/testing/render-screen";
import { UpkeepDialog } from "./upkeep-dialog";

const craft = { id: 4, make: "DJI", model: "Matrice 30T", serial: "1ZNBJ7R0C9", totalHoursTenths: 113, flightCount: 2 } as Aircraft;
const battery: Battery = { id: 11, aircraftId: 4, serial: "TB30-1", cyclesBefore: 12, cycles: 14, healthPercent: 97, status: "in-service", history: [] };
const entry: MaintenanceEntry = {
  id: 21,
  aircraftId: 4,
  doneOn: "2026-10-01",
  work: "Propellers replaced",
  doneBy: "Sam Ortiz",
  hoursTenthsAt: 100,
  cyclesAt: null,
  nextDueOn: null,
  nextDueHoursTenths: 300,
  nextDueCycles: null,
  history: [],
};
const listed = { status: 200, body: { success: true, data: [battery] } };
const entries = { status: 200, body: { success: true, data: [entry] } };

describe("an aircraft's upkeep", () => {
  it("edits a battery in place and retires it, sending what the form holds; a refusal shows under its field and keeps what was typed", async () => {
    const sent = answerRequests({
      "GET /api/admin/aircraft/4/batteries": listed,
      "GET /api/admin/aircraft/4/maintenance": entries,
      "PATCH /api/admin/aircraft/4/batteries/11": () =>
        sent.filter((request) => request.method === "PATCH").length === 1
          ? { status: 400, body: { success: false, message: "Invalid", errors: { healthPercent: "Health is a whole percentage from 0 to 100" } } }
          : { status: 200, body: { success: true, message: "Battery saved", data: { ...battery, healthPercent: 88, status: "grounded" } } },
    });
    const { user } = renderScreen(<UpkeepDialog craft={craft} />);
    await user.click(screen.getByRole("button", { name: "Upkeep of 1ZNBJ7R0C9" }));
    await user.click(await screen.findByRole("button", { name: "Edit battery TB30-1" }));
    const form = screen.getByRole("form", { name: "Edit battery TB30-1" });
    expect((within(form).getByLabelText("Cycles so far") as HTMLInputElement).value).toBe("12");
    await user.clear(within(form).getByLabelText("Health (%)"));
    await user.type(within(form).getByLabelText("Health (%)"), "88");
    await user.selectOptions(within(form).getByLabelText("Status"), "grounded");
    await user.click(within(form).getByRole("button", { name: "Save battery" }));
    expect(await within(form).findByText("Health is a whole percentage from 0 to 100")).toBeTruthy();
    expect((within(form).getByLabelText("Health (%)") as HTMLInputElement).value).toBe("88");

    await user.click(within(form).getByRole("button", { name: "Save battery" }));
    expect(await screen.findByRole("button", { name: "Edit battery TB30-1" })).toBeTruthy();
    expect(sent.filter((request) => request.method === "PATCH").map((request) => request.body)).toEqual([
      { serial: "TB30-1", cyclesBefore: 12, healthPercent: 88, status: "grounded" },
      { serial: "TB30-1", cyclesBefore: 12, healthPercent: 88, status: "grounded" },
    ]);
  });

  it("edits a maintenance entry's next due, hours typed as hours and sent in tenths; a negative count is refused under its field before anything is sent", async () => {
    const sent = answerRequests({
      "GET /api/admin/aircraft/4/batteries": listed,
      "GET /api/admin/aircraft/4/maintenance": entries,
      "PATCH /api/admin/aircraft/4/maintenance/21": { status: 200, body: { success: true, message: "Maintenance saved", data: entry } },
    });
    const { user } = renderScreen(<UpkeepDialog craft={craft} />);
    await user.click(screen.getByRole("button", { name: "Upkeep of 1ZNBJ7R0C9" }));
    await user.click(await screen.findByRole("button", { name: "Edit maintenance of 2026-10-01" }));
    const form = screen.getByRole("form", { name: "Edit maintenance of 2026-10-01" });
    expect((within(form).getByLabelText("Next due at hours") as HTMLInputElement).value).toBe("30.0");
    await user.clear(within(form).getByLabelText("Next due at hours"));
    await user.type(within(form).getByLabelText("Next due at hours"), "-2");
    await user.click(within(form).getByRole("button", { name: "Save maintenance" }));
    expect(await within(form).findByText(recordMessages.count("nextDueHoursTenths"))).toBeTruthy();
    expect(sent.some((request) => request.method === "PATCH")).toBe(false);

    await user.clear(within(form).getByLabelText("Next due at hours"));
    await user.type(within(form).getByLabelText("Next due at hours"), "25.5");
    await user.type(within(form).getByLabelText("Next due on"), "2027-04-01");
    await user.click(within(form).getByRole("button", { name: "Save maintenance" }));
    await screen.findByRole("button", { name: "Edit maintenance of 2026-10-01" });
    expect(sent.find((request) => request.method === "PATCH")!.body).toMatchObject({ nextDueHoursTenths: 255, nextDueOn: "2027-04-01", hoursTenthsAt: 100 });
  });
});
