// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { SettingKey, SettingsView } from "@common/contract/settings";
import { answerRequests } from "@/testing/answer-fetch";
import { renderScreen } from "@/testing/render-screen";
import { sampleAdmin } from "@/testing/sample-users";
import { SettingsTab } from "./settings-tab";

const EVERY_SETTING: SettingKey[] = [
  "businessName",
  "legalName",
  "phone",
  "email",
  "address",
  "taxNumber",
  "timeZone",
  "currency",
  "taxRatePercent",
  "taxLabel",
  "paymentTerms",
  "bankDetails",
  "demoVideoUrl",
  "notifyEmail",
  "mail",
];
const view = (changes: Partial<SettingsView> = {}, values: Partial<SettingsView["values"]> = {}): SettingsView => ({
  values: {
    businessName: "Prairie Drone Works",
    legalName: "",
    phone: "+1 312 496 0199",
    email: "hello@prairie.example",
    address: ["12 Grain Road", "Chicago, IL 60601"],
    taxNumber: "",
    timeZone: "America/Chicago",
    currency: "USD",
    taxRatePercent: 0,
    taxLabel: "Tax",
    paymentTerms: "",
    bankDetails: "",
    demoVideoUrl: "https://example.com/demo",
    notifyEmail: "",
    primaryColor: null,
    accentColor: null,
    mapTilesUrl: "",
    mapTilesAttribution: "",
    mapSatelliteUrl: "",
    mapSatelliteAttribution: "",
    geocoderUrl: "",
    mail: { host: "smtp.prairie.example", port: 587, secure: false, user: "flights", from: "Prairie <flights@prairie.example>", passwordSet: true },
    logoUrl: null,
    ...values,
  },
  fixed: {},
  currencyLocked: false,
  setupDone: true,
  saved: [...EVERY_SETTING],
  ...changes,
});
/** A new install's: SPEC's values, none saved. */
const fresh = (changes: Partial<SettingsView> = {}) =>
  view(
    { saved: [], ...changes },
    {
      businessName: "SkyVantage",
      phone: "+1 (555) 014-7720",
      email: "missions@skyvantage.example",
      address: [],
      timeZone: "UTC",
      demoVideoUrl: "https://example.com/spec-demo",
      mail: null,
    },
  );
const answer = (settings: SettingsView) => ({ status: 200, body: { success: true, data: settings } });
const saved = (settings: SettingsView) => ({ status: 200, body: { success: true, message: "Settings saved", data: settings } });
const user = { "GET /api/user": { status: 200, body: sampleAdmin } };

const section = (name: string) => screen.findByRole("form", { name });
/** What a screen reader reads with the field: every element its aria-describedby names (its hint, the note, its error). */
const described = (control: HTMLElement) =>
  (control.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .map((id) => document.getElementById(id)?.textContent)
    .filter(Boolean);

describe("the back office's Settings tab", () => {
  it("shows a value an environment variable fixes read-only, naming the variable, and never sends it", async () => {
    const fixed = view({ fixed: { phone: "BUSINESS_PHONE", mail: "SMTP_URL" } });
    const sent = answerRequests({ ...user, "GET /api/admin/settings": answer(fixed), "PATCH /api/admin/settings": saved(fixed) });
    const { user: person } = renderScreen(<SettingsTab />);
    const business = await section("Business");
    const phone = within(business).getByLabelText("Phone");
    expect(phone).toHaveProperty("readOnly", true);
    expect(described(phone)).toContain("Set by the environment variable BUSINESS_PHONE");
    const mail = await section("Mail");
    expect(within(mail).getByText("SMTP_URL")).toBeTruthy();
    expect(within(mail).getByLabelText("Mail server (host)")).toHaveProperty("readOnly", true);
    expect(within(mail).queryByLabelText("Password")).toBeNull();

    await person.clear(within(business).getByLabelText("Business name"));
    await person.type(within(business).getByLabelText("Business name"), "Prairie Aerial");
    await person.click(within(business).getByRole("button", { name: "Save business details" }));
    expect(await screen.findByText("Settings saved")).toBeTruthy();
    const patch = sent.find((request) => request.method === "PATCH")?.body as Record<string, unknown>;
    expect(patch.businessName).toBe("Prairie Aerial");
    expect(patch).not.toHaveProperty("phone");
  });

  it("leaves a setting never saved empty, with an example: the business's name, phone and e-mail are refused empty, each naming its field", async () => {
    const sent = answerRequests({ ...user, "GET /api/admin/settings": answer(fresh()) });
    const { user: person } = renderScreen(<SettingsTab />);
    const business = await section("Business");
    const name = within(business).getByLabelText("Business name");
    expect(name).toHaveProperty("value", "");
    expect(name.getAttribute("placeholder")).toBe("e.g. Prairie Drone Works");
    for (const label of ["Phone", "E-mail", "Demo video link"]) expect(within(business).getByLabelText(label)).toHaveProperty("value", "");
    expect(within(business).getByLabelText("Time zone")).toHaveProperty("value", "UTC");

    await person.click(within(business).getByRole("button", { name: "Save business details" }));
    await expect.poll(() => described(name)).toEqual(["The business name is required"]);
    expect(described(within(business).getByLabelText("Phone"))).toEqual(["The phone is required"]);
    expect(described(within(business).getByLabelText("E-mail"))).toEqual(["The e-mail must be an e-mail address"]);
    expect(sent.filter((request) => request.method === "PATCH")).toEqual([]);
  });

  it("sends an empty tax rate, tax label and demo video link as null, SPEC's default again, and shows what was saved", async () => {
    const afterSave = fresh({ saved: ["businessName", "phone", "email", "taxLabel"] });
    afterSave.values = { ...afterSave.values, businessName: "Prairie Drone Works", phone: "+1 312 496 0199", email: "hello@prairie.example", taxLabel: "VAT" };
    const sent = answerRequests({ ...user, "GET /api/admin/settings": answer(fresh()), "PATCH /api/admin/settings": saved(afterSave) });
    const { user: person } = renderScreen(<SettingsTab />);
    const business = await section("Business");
    await person.type(within(business).getByLabelText("Business name"), "Prairie Drone Works");
    await person.type(within(business).getByLabelText("Phone"), "+1 312 496 0199");
    await person.type(within(business).getByLabelText("E-mail"), "hello@prairie.example");
    await person.click(within(business).getByRole("button", { name: "Save business details" }));
    await expect.poll(() => sent.filter((request) => request.method === "PATCH").length).toBe(1);
    expect(sent.find((request) => request.method === "PATCH")?.body).toMatchObject({
      businessName: "Prairie Drone Works",
      phone: "+1 312 496 0199",
      email: "hello@prairie.example",
      address: [],
      legalName: "",
      demoVideoUrl: null,
    });
    await expect.poll(() => within(business).getByLabelText("Business name")).toHaveProperty("value", "Prairie Drone Works");

    const money = await section("Money");
    expect(within(money).getByLabelText("Tax rate (%)")).toHaveProperty("value", "");
    expect(within(money).getByLabelText("Tax label")).toHaveProperty("value", "");
    await person.click(within(money).getByRole("button", { name: "Save money settings" }));
    await expect.poll(() => sent.filter((request) => request.method === "PATCH").length).toBe(2);
    expect(sent.filter((request) => request.method === "PATCH")[1]?.body).toEqual({
      currency: "USD",
      taxRatePercent: null,
      taxLabel: null,
      paymentTerms: "",
      bankDetails: "",
    });
  });

  it("says a password is stored, and sends one only when it is typed", async () => {
    const sent = answerRequests({ ...user, "GET /api/admin/settings": answer(view()), "PATCH /api/admin/settings": saved(view()) });
    const { user: person } = renderScreen(<SettingsTab />);
    const mail = await section("Mail");
    const password = within(mail).getByLabelText("Password");
    expect(password.getAttribute("placeholder")).toBe("A password is stored — type to replace it");
    expect(password).toHaveProperty("value", "");

    await person.click(within(mail).getByRole("button", { name: "Save mail settings" }));
    expect(await screen.findByText("Settings saved")).toBeTruthy();
    await person.type(password, "n3w-secret");
    await person.click(within(mail).getByRole("button", { name: "Save mail settings" }));
    await expect.poll(() => sent.filter((request) => request.method === "PATCH").length).toBe(2);
    const [kept, replaced] = sent.filter((request) => request.method === "PATCH").map((request) => (request.body as { mail: Record<string, unknown> }).mail);
    expect(kept).toEqual({ host: "smtp.prairie.example", port: 587, secure: false, user: "flights", from: "Prairie <flights@prairie.example>" });
    expect(replaced).toEqual({ ...kept, password: "n3w-secret" });
  });

  it("removes the stored password, keeping the mail server as saved, and no longer says one is stored", async () => {
    const stored = view();
    const withoutPassword = view({}, { mail: { ...stored.values.mail!, passwordSet: false } });
    const sent = answerRequests({ ...user, "GET /api/admin/settings": answer(stored), "PATCH /api/admin/settings": saved(withoutPassword) });
    const { user: person } = renderScreen(<SettingsTab />);
    const mail = await section("Mail");
    await person.type(within(mail).getByLabelText("User"), "-typed");
    await person.click(within(mail).getByRole("button", { name: "Remove password" }));
    expect(await screen.findByText("The mail password was removed")).toBeTruthy();
    expect(sent.filter((request) => request.method === "PATCH").map((request) => request.body)).toEqual([
      { mail: { host: "smtp.prairie.example", port: 587, secure: false, user: "flights", from: "Prairie <flights@prairie.example>", password: "" } },
    ]);
    expect(within(mail).getByLabelText("Password").getAttribute("placeholder")).toBeNull();
    expect(within(mail).queryByRole("button", { name: "Remove password" })).toBeNull();
    expect(within(mail).getByLabelText("User")).toHaveProperty("value", "flights-typed");
  });

  it("stops using the stored mail server once asked, and its fields then start empty", async () => {
    const sent = answerRequests({
      ...user,
      "GET /api/admin/settings": answer(view()),
      "PATCH /api/admin/settings": saved(view({ saved: EVERY_SETTING.filter((setting) => setting !== "mail") }, { mail: null })),
    });
    const { user: person } = renderScreen(<SettingsTab />);
    const mail = await section("Mail");
    await person.click(within(mail).getByRole("button", { name: "Stop using this mail server" }));
    const dialog = await screen.findByRole("dialog", { name: "Stop using this mail server?" });
    expect(dialog.textContent).toContain("smtp.prairie.example");
    await person.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(sent.filter((request) => request.method === "PATCH")).toEqual([]);

    await person.click(within(mail).getByRole("button", { name: "Stop using this mail server" }));
    await person.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Stop using it" }));
    expect(await screen.findByText("The mail server is no longer used")).toBeTruthy();
    expect(sent.filter((request) => request.method === "PATCH").map((request) => request.body)).toEqual([{ mail: null }]);
    for (const label of ["Mail server (host)", "User", "From-address"]) expect(within(mail).getByLabelText(label)).toHaveProperty("value", "");
    expect(within(mail).queryByRole("button", { name: "Stop using this mail server" })).toBeNull();
  });

  it("puts each error of a refused save under its field and keeps what was typed", async () => {
    const sent = answerRequests({
      ...user,
      "GET /api/admin/settings": answer(view()),
      "PATCH /api/admin/settings": {
        status: 400,
        body: {
          message: "The tax rate has at most 2 decimals (8.25)",
          errors: { taxRatePercent: "The tax rate has at most 2 decimals (8.25)", bankDetails: "The bank details is at most 500 characters" },
        },
      },
    });
    const { user: person } = renderScreen(<SettingsTab />);
    const money = await section("Money");
    await person.selectOptions(within(money).getByLabelText("Currency"), "EUR");
    await person.clear(within(money).getByLabelText("Tax rate (%)"));
    await person.type(within(money).getByLabelText("Tax rate (%)"), "19");
    await person.clear(within(money).getByLabelText("Tax label"));
    await person.type(within(money).getByLabelText("Tax label"), "VAT");
    await person.type(within(money).getByLabelText("Bank details"), "IBAN DE89 3704 0044 0532 0130 00");
    await person.click(within(money).getByRole("button", { name: "Save money settings" }));

    const rate = within(money).getByLabelText("Tax rate (%)");
    await expect.poll(() => described(rate)).toContain("The tax rate has at most 2 decimals (8.25)");
    expect(described(within(money).getByLabelText("Bank details"))).toContain("The bank details is at most 500 characters");
    expect(described(within(money).getByLabelText("Tax label"))).toEqual(["What documents call it: Tax, VAT, GST. Empty: Tax."]);
    expect(sent.find((request) => request.method === "PATCH")?.body).toMatchObject({ currency: "EUR", taxRatePercent: 19, taxLabel: "VAT" });
    expect(rate).toHaveProperty("value", "19");
    expect(within(money).getByLabelText("Currency")).toHaveProperty("value", "EUR");
    expect(within(money).getByLabelText("Bank details")).toHaveProperty("value", "IBAN DE89 3704 0044 0532 0130 00");
  });

  it("refuses an unknown currency code in the browser, under the code's field", async () => {
    const sent = answerRequests({ ...user, "GET /api/admin/settings": answer(view()) });
    const { user: person } = renderScreen(<SettingsTab />);
    const money = await section("Money");
    await person.selectOptions(within(money).getByLabelText("Currency"), "Other (type the code)");
    await person.type(within(money).getByLabelText("Currency code (ISO 4217)"), "XYZ");
    await person.click(within(money).getByRole("button", { name: "Save money settings" }));
    const code = within(money).getByLabelText("Currency code (ISO 4217)");
    await expect.poll(() => described(code)).toEqual(["The currency must be an ISO 4217 code such as USD, EUR or GBP"]);
    expect(code).toHaveProperty("value", "XYZ");
    expect(sent.filter((request) => request.method === "PATCH")).toEqual([]);
  });

  it("checks the mail server's port by the server's rule before sending", async () => {
    const sent = answerRequests({ ...user, "GET /api/admin/settings": answer(view()) });
    const { user: person } = renderScreen(<SettingsTab />);
    const mail = await section("Mail");
    await person.clear(within(mail).getByLabelText("Port"));
    await person.type(within(mail).getByLabelText("Port"), "70000");
    await person.click(within(mail).getByRole("button", { name: "Save mail settings" }));
    await expect.poll(() => described(within(mail).getByLabelText("Port"))).toEqual(["The port is from 1 to 65535"]);
    expect(sent.filter((request) => request.method === "PATCH")).toEqual([]);
  });

  it("shows the mail server's own answer to the test mail, sent to the admin's address", async () => {
    let result = { delivered: true, answer: "250 2.0.0 Ok: queued as 4F2A" };
    const sent = answerRequests({
      ...user,
      "GET /api/admin/settings": answer(view()),
      "POST /api/admin/settings/test-mail": () => ({ status: 200, body: { success: true, data: result } }),
    });
    const { user: person } = renderScreen(<SettingsTab />);
    const to = await screen.findByLabelText("Send the test to");
    await expect.poll(() => (to as HTMLInputElement).value).toBe(sampleAdmin.email);
    await person.click(screen.getByRole("button", { name: "Send a test mail" }));
    const status = screen.getByRole("status", { name: "Test mail" });
    await expect.poll(() => status.textContent).toBe("Delivered: 250 2.0.0 Ok: queued as 4F2A");
    expect(sent.find((request) => request.method === "POST")?.body).toEqual({ to: sampleAdmin.email });

    result = { delivered: false, answer: "535 5.7.8 Authentication failed" };
    await person.click(screen.getByRole("button", { name: "Send a test mail" }));
    await expect.poll(() => status.textContent).toBe("Refused: 535 5.7.8 Authentication failed");
    expect(within(status).getByText(/^Refused/).className).toContain("text-destructive");
  });
});
