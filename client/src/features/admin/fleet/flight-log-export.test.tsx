// @vitest-environment happy-dom
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Aircraft } from "@common/contract/operator-records";
import { answerRequests } from "@/testing/answer-fetch";
import { renderScreen } from "@/testing/render-screen";
import { samplePilot } from "@/testing/sample-users";
import { FlightLogExport } from "./flight-log-export";

const craft = { id: 4, make: "DJI", model: "Mavic 3T", serial: "1581F5FH" } as Aircraft;
const link = (name: string) => screen.queryByRole<HTMLAnchorElement>("link", { name });

describe("the flight log's exports", () => {
  it("links the CSV and the PDF with the days, pilot and aircraft chosen, and offers neither for a range that ends before it starts", async () => {
    answerRequests({ "GET /api/admin/users": { status: 200, body: { success: true, data: [samplePilot] } } });
    const { user } = renderScreen(<FlightLogExport fleet={[craft]} />);
    expect(link("CSV of the flight log")!.getAttribute("href")).toBe("/api/admin/flights.csv");

    await user.type(screen.getByLabelText("Flown from"), "2026-05-01");
    await user.selectOptions(await screen.findByRole("combobox", { name: "Flown by" }), String(samplePilot.id));
    await user.selectOptions(screen.getByRole("combobox", { name: "Aircraft flown" }), "4");
    expect(link("PDF of the flight log")!.getAttribute("href")).toBe(`/api/admin/flights.pdf?from=2026-05-01&pilotId=${samplePilot.id}&aircraftId=4`);

    await user.type(screen.getByLabelText("Flown to"), "2026-04-01");
    expect(screen.getByText("The end comes on or after the start")).toBeTruthy();
    expect([link("CSV of the flight log"), link("PDF of the flight log")]).toEqual([null, null]);
  });
});
