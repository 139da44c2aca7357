// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { SettingsView } from "@common/contract/settings";
import { answerRequests } from "@/testing/answer-fetch";
import { renderScreen } from "@/testing/render-screen";
import { sampleAdmin } from "@/testing/sample-users";
import { FirstRunSetup } from "./first-run-setup";

/** A new install's settings: SPEC's values, none saved, the setup not done. */
const fresh: SettingsView = {
  values: {
    businessName: "SkyVantage",
    legalName: "",
    phone: "+1 (555) 014-7720",
    email: "missions@skyvantage.example",
    address: [],
    taxNumber: "",
    timeZone: "UTC",
    currency: "USD",
    taxRatePercent: 0,
    taxLabel: "Tax",
    paymentTerms: "",
    bankDetails: "",
    demoVideoUrl: "https://example.com/spec-demo",
    notifyEmail: "",
    primaryColor: null,
    accentColor: null,
    mapTilesUrl: "",
    mapTilesAttribution: "",
    mapSatelliteUrl: "",
    mapSatelliteAttribution: "",
    geocoderUrl: "",
    mail: null,
    logoUrl: null,
  },
  fixed: {},
  currencyLocked: false,
  setupDone: false,
  saved: [],
};

describe("the first-run setup on a new install", () => {
  it("starts with empty fields showing examples, never SPEC's business, and refuses an empty name, phone and e-mail under each", async () => {
    const sent = answerRequests({ "GET /api/user": { status: 200, body: sampleAdmin } });
    const { user } = renderScreen(<FirstRunSetup view={fresh} />);
    const business = await screen.findByRole("form", { name: "Business" });
    const fields = ["Business name", "Phone", "E-mail", "Postal address"].map((label) => within(business).getByLabelText(label) as HTMLInputElement);
    expect(fields.map((field) => field.value)).toEqual(["", "", "", ""]);
    expect(fields.slice(0, 3).map((field) => field.placeholder)).toEqual(["e.g. Prairie Drone Works", "e.g. +1 312 555 0142", "e.g. hello@example.com"]);
    expect(business.textContent).not.toContain("SkyVantage");

    await user.click(within(business).getByRole("button", { name: "Save and continue" }));
    await expect.poll(() => fields[0]!.getAttribute("aria-invalid")).toBe("true");
    expect(within(business).getByText("The business name is required")).toBeTruthy();
    expect(within(business).getByText("The phone is required")).toBeTruthy();
    expect(within(business).getByText("The e-mail must be an e-mail address")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("Step 1 of 3: Business");
    expect(sent.filter((request) => request.method === "PATCH")).toEqual([]);
  });

  it("leaves the tax rate and label empty, sent as null for SPEC's default, and keeps the time zone and currency chosen", async () => {
    const sent = answerRequests({
      "GET /api/user": { status: 200, body: sampleAdmin },
      "PATCH /api/admin/settings": {
        status: 200,
        body: { success: true, message: "Settings saved", data: { ...fresh, saved: ["businessName", "phone", "email", "address"] } },
      },
    });
    const { user } = renderScreen(<FirstRunSetup view={fresh} />);
    const business = await screen.findByRole("form", { name: "Business" });
    await user.type(within(business).getByLabelText("Business name"), "Prairie Drone Works");
    await user.type(within(business).getByLabelText("Phone"), "+1 312 496 0199");
    await user.type(within(business).getByLabelText("E-mail"), "hello@prairie.example");
    await user.click(within(business).getByRole("button", { name: "Save and continue" }));

    const money = await screen.findByRole("form", { name: "Time zone & money" });
    expect(within(money).getByLabelText("Tax rate (%)")).toHaveProperty("value", "");
    expect(within(money).getByLabelText("Tax label")).toHaveProperty("value", "");
    expect(within(money).getByLabelText("Currency")).toHaveProperty("value", "USD");
    await user.click(within(money).getByRole("button", { name: "Save and continue" }));
    await screen.findByRole("form", { name: "Mail" });
    expect(sent.filter((request) => request.method === "PATCH").map((request) => request.body)).toEqual([
      { businessName: "Prairie Drone Works", phone: "+1 312 496 0199", email: "hello@prairie.example", address: [] },
      { timeZone: "UTC", currency: "USD", taxRatePercent: null, taxLabel: null },
    ]);
  });
});
