// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { InspectionConditions, InspectionReportVersion } from "@common/contract/inspection-report";
import { answerRequests } from "@/testing/answer-fetch";
import { renderScreen } from "@/testing/render-screen";
import { InspectionReportSection } from "./inspection-report-section";

const WARNING = "Inspection conditions not recorded: Irradiance (W/m²), Wind (m/s), Cloud cover. An IEC TS 62446-3 report is not accepted without them.";
const nothingRecorded: InspectionConditions = {
  jobId: 12,
  irradiance: null,
  ambientTemp: 21,
  windSpeed: null,
  cloudCover: null,
  cloudUnit: "oktas",
  aircraft: "",
  camera: "",
  missing: ["irradiance", "windSpeed", "cloudCover"],
  updatedAt: null,
};
const version = (overrides: Partial<InspectionReportVersion>): InspectionReportVersion => ({
  id: 3,
  version: 1,
  status: "queued",
  warnings: [WARNING],
  error: "",
  reportId: null,
  findingCount: null,
  createdAt: "2026-12-03T09:00:00.000Z",
  updatedAt: "2026-12-03T09:00:00.000Z",
  ...overrides,
});

describe("the admin job page's inspection report", () => {
  it("shows the warnings, queues the report and follows it to published v1", async () => {
    let versions: InspectionReportVersion[] = [];
    const sent = answerRequests({
      "GET /api/admin/jobs/12/inspection-conditions": { status: 200, body: { success: true, data: nothingRecorded } },
      "GET /api/admin/jobs/12/report": () => ({ status: 200, body: { success: true, data: { versions, warnings: [WARNING] } } }),
      "POST /api/admin/jobs/12/report": () => {
        versions = [version({ status: "published", reportId: 40, findingCount: 3 })];
        return { status: 202, body: { success: true, message: "Version 1 of the inspection report is queued", data: version({}) } };
      },
    });
    const { user } = renderScreen(<InspectionReportSection job={{ id: 12, flight: null }} />);
    expect(await screen.findByText("Not generated yet")).toBeTruthy();
    expect(within(screen.getByRole("list", { name: "Inspection report warnings" })).getByText(WARNING)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Generate inspection report" }));
    expect(await screen.findByText("Published v1 (3 findings)")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Generate inspection report again" })).toBeTruthy();
    expect(sent.filter((request) => request.method === "POST").map((request) => request.url)).toEqual(["/api/admin/jobs/12/report"]);
  });

  it("loads the conditions form on demand, offers the flight's aircraft and puts the server's refusal under its field", async () => {
    const sent = answerRequests({
      "GET /api/admin/jobs/12/inspection-conditions": { status: 200, body: { success: true, data: nothingRecorded } },
      "GET /api/admin/jobs/12/report": { status: 200, body: { success: true, data: { versions: [version({ status: "generating" })], warnings: [] } } },
      "PUT /api/admin/jobs/12/inspection-conditions": {
        status: 400,
        body: { message: "cloudCover in oktas is a whole number from 0 to 8", errors: { cloudCover: "cloudCover in oktas is a whole number from 0 to 8" } },
      },
    });
    const { user } = renderScreen(
      <InspectionReportSection
        job={{
          id: 12,
          flight: { flownOn: "2026-12-02", durationMinutes: 40, pilotId: 4, aircraft: "M350 RTK", wind: "", temperature: "", cloud: "", irradiance: "" },
        }}
      />,
    );
    expect(await screen.findByText("v1 generating…")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Generate inspection report" }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole("button", { name: "Inspection conditions" }));
    const dialog = await screen.findByRole("dialog", { name: "Inspection conditions" });
    expect((within(dialog).getByLabelText("Aircraft") as HTMLInputElement).value).toBe("M350 RTK");
    expect((within(dialog).getByLabelText("Ambient temperature (°C)") as HTMLInputElement).value).toBe("21");
    await user.type(within(dialog).getByLabelText("Irradiance (W/m²)"), "812");
    await user.type(within(dialog).getByLabelText("Cloud cover (0–8 oktas)"), "9");
    await user.click(within(dialog).getByRole("button", { name: "Save conditions" }));
    const cloud = within(dialog).getByLabelText("Cloud cover (0–8 oktas)");
    expect(await within(dialog).findByText("cloudCover in oktas is a whole number from 0 to 8")).toBeTruthy();
    expect(cloud.getAttribute("aria-invalid")).toBe("true");
    expect(sent.find((request) => request.method === "PUT")?.body).toEqual({
      irradiance: 812,
      ambientTemp: 21,
      windSpeed: null,
      cloudCover: 9,
      cloudUnit: "oktas",
      aircraft: "M350 RTK",
      camera: "",
    });
  });
});
