// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { PreflightAnswer, PreflightChecklist } from "@common/contract/preflight";
import { answerRequests } from "@/testing/answer-fetch";
import { renderScreen } from "@/testing/render-screen";
import { PreflightChecklistSection } from "./preflight-checklist-section";

const item = (overrides: Partial<PreflightAnswer>): PreflightAnswer => ({
  itemId: 1,
  label: "Airspace checked; authorisation number",
  kind: "blocker",
  needsValue: true,
  source: null,
  checked: false,
  value: "",
  irradiance: null,
  judgement: null,
  checkedBy: null,
  checkedAt: null,
  ...overrides,
});

const open: PreflightChecklist = {
  jobId: 12,
  thermal: true,
  keptAt: null,
  items: [
    item({}),
    item({ itemId: 2, label: "NOTAMs checked", needsValue: false }),
    item({
      itemId: 5,
      label: "Irradiance at least 600 W/m² (IEC TS 62446-3)",
      kind: "warning",
      needsValue: false,
      source: "irradiance",
      value: "550",
      irradiance: 550,
      judgement: "below",
    }),
  ],
  unticked: ["Airspace checked; authorisation number", "NOTAMs checked"],
};

describe("the job page's pre-flight checklist", () => {
  it("shows blockers and warnings apart with the irradiance's judgement, and keeps what was typed when the server refuses a value", async () => {
    const sent = answerRequests({
      "GET /api/admin/jobs/12/preflight-checklist": { status: 200, body: { success: true, data: open } },
      "PUT /api/admin/jobs/12/preflight-checklist": {
        status: 400,
        body: {
          message: "The irradiance is a number of W/m² from 0 to 1500",
          errors: { "answers.2.value": "The irradiance is a number of W/m² from 0 to 1500" },
        },
      },
    });
    const { user } = renderScreen(<PreflightChecklistSection jobId={12} />);
    const form = await screen.findByRole("form", { name: "Pre-flight checklist" });
    expect(within(form).getAllByText("Blocker")).toHaveLength(2);
    expect(within(form).getAllByText("Warning")).toHaveLength(1);
    expect(within(form).getByText("Below 600 W/m²: IEC TS 62446-3 asks at least 600 for thermal work")).toBeTruthy();
    expect(within(form).getByText("Blockers not ticked: Airspace checked; authorisation number; NOTAMs checked")).toBeTruthy();

    await user.click(within(form).getByRole("checkbox", { name: "Airspace checked; authorisation number" }));
    await user.type(within(form).getByLabelText("Value for Airspace checked; authorisation number"), "DAA-2026-118");
    const irradiance = within(form).getByLabelText("Irradiance (W/m²)");
    await user.clear(irradiance);
    await user.type(irradiance, "-5");
    await user.click(within(form).getByRole("button", { name: "Save checklist" }));

    expect(await within(form).findByText("The irradiance is a number of W/m² from 0 to 1500")).toBeTruthy();
    expect(irradiance.getAttribute("aria-invalid")).toBe("true");
    expect((irradiance as HTMLInputElement).value).toBe("-5");
    expect((within(form).getByLabelText("Value for Airspace checked; authorisation number") as HTMLInputElement).value).toBe("DAA-2026-118");
    expect(sent.find((request) => request.method === "PUT")?.body).toEqual({
      answers: [
        { itemId: 1, checked: true, value: "DAA-2026-118" },
        { itemId: 2, checked: false, value: "" },
        { itemId: 5, checked: false, value: "-5" },
      ],
    });
  });

  it("shows a kept checklist as it was ticked, without a save", async () => {
    const kept: PreflightChecklist = {
      ...open,
      keptAt: "2026-12-03T09:00:00.000Z",
      items: open.items.map((answer) => ({ ...answer, checked: true, checkedBy: "Amelia Earhart", checkedAt: "2026-12-03T08:00:00.000Z" })),
      unticked: [],
    };
    answerRequests({ "GET /api/admin/jobs/12/preflight-checklist": { status: 200, body: { success: true, data: kept } } });
    renderScreen(<PreflightChecklistSection jobId={12} />);
    const form = await screen.findByRole("form", { name: "Pre-flight checklist" });
    expect(within(form).getByText(/^Kept with the flight record on/)).toBeTruthy();
    expect(within(form).getAllByText(/^Ticked by Amelia Earhart/)).toHaveLength(3);
    expect((within(form).getByRole("checkbox", { name: "NOTAMs checked" }) as HTMLInputElement).disabled).toBe(true);
    expect(within(form).queryByRole("button", { name: "Save checklist" })).toBeNull();
  });
});
