// A new owner's day one in the browser (docs/product.md §2, Back office: first-run setup and Settings;
// docs/decisions/0055-business-settings.md): on a new install the first admin names the business,
// uploads its logo, sets its zone (America/Chicago), money (EUR, 19 % VAT) and mail server, whose test
// mail a real SMTP peer takes; invites a pilot who accepts from the mail, adds a phone-in customer
// who accepts theirs, keeps a price list item and builds the first estimate from it; the flight is
// scheduled in Chicago time and the final invoice issued. The public HTML, the estimate's and the
// invoice's PDFs and every mail are the business's, in euros, and never name SPEC's business or its
// 555 number. On a server of its own, started here from the build on an empty database: the run's
// shared server has finished its setup, and its other specs read SPEC's name on every page.
import { imagesOf, textOf } from "../server/pdf/testing/poppler";
import { startSmtpPeer } from "../server/testing/smtp-peer";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import sharp from "sharp";
import { calendarDateIn } from "@common/calendar-date";
import { act, jobSection, openBackOffice } from "./admin-jobs";
import { expect, logInWithForm, test } from "./fixtures";
import { mailAttachmentBytes, mailText } from "./mailbox";
import { startNewInstall } from "./own-server";

const OWNER = { username: "prairie-owner", password: "prairie-owner-password", email: "owner@prairie-drone.example" };

/** The variables that would fix a setting (server/config.ts): none is set here, so the setup edits every one. */
const SETTING_VARIABLES = [
  "BUSINESS_NAME",
  "BUSINESS_PHONE",
  "BUSINESS_EMAIL",
  "BUSINESS_ADDRESS",
  "BUSINESS_TIME_ZONE",
  "TAX_RATE",
  "DEMO_VIDEO_URL",
  "SMTP_URL",
];

/** SPEC's business, which none of the new business's pages, documents and mails may name. */
function expectNoneOfSpecs(text: string, what: string): void {
  // Each place SPEC's name or number is left, with what surrounds it, so a failure says where.
  expect(text.match(/.{0,80}SkyVantage.{0,80}/g) ?? [], `SPEC's name in ${what}`).toEqual([]);
  expect(text.match(/.{0,40}555.{0,40}/g) ?? [], `SPEC's 555 number in ${what}`).toEqual([]);
}

/** The one link to /invitation in a mail's text, as the path the person's browser opens. */
function invitationPath(raw: string): string {
  const link = /https?:\/\/\S+\/invitation\?token=[A-Za-z0-9_-]+/.exec(mailText(raw))?.[0];
  expect(link, "an invitation link in the mail").toBeDefined();
  return new URL(link!).pathname + new URL(link!).search;
}

/** A person's own browser on the new install. */
async function browserAt(browser: Browser, baseURL: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 900 } });
  return { context, page: await context.newPage() };
}

/** Opens an invitation from its mail, sets a username and password, and waits for the screen it lands on. */
async function acceptInvitation(page: Page, mail: string, username: string, landing: RegExp): Promise<void> {
  await page.goto(invitationPath(mail));
  const form = page.getByRole("form", { name: "Accept invitation" });
  await form.getByLabel("Username").fill(username);
  await form.getByLabel("Password", { exact: true }).fill("prairie-sky-2031");
  await form.getByLabel("Confirm Password").fill("prairie-sky-2031");
  await form.getByRole("button", { name: "Accept Invitation" }).click();
  await expect(page.getByRole("heading", { level: 1, name: landing })).toBeVisible();
}

test("a new owner's day one: setup, a pilot invited, a phone-in customer, an estimate from the price list, a flight and an invoice, all in the business's name, money and zone", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const peer = await startSmtpPeer();
  const install = await startNewInstall(OWNER, SETTING_VARIABLES);
  const opened: BrowserContext[] = [];
  const open = async () => {
    const person = await browserAt(browser, install.baseURL);
    opened.push(person.context);
    return person.page;
  };
  const mailTo = async (to: string, containing: string) => {
    await expect
      .poll(() => peer.inbox.filter((received) => received.to === to && received.raw.includes(containing)).length, {
        timeout: 30_000,
        message: `a mail to ${to}`,
      })
      .toBeGreaterThan(0);
    return peer.inbox.find((received) => received.to === to && received.raw.includes(containing))!.raw;
  };
  try {
    const page = await open();
    await page.goto("/login");
    await logInWithForm(page, OWNER);
    await expect(page.getByRole("heading", { level: 1, name: "Set up your business" })).toBeVisible();
    await expect(page.getByRole("list", { name: "Setup steps" }).getByRole("listitem").first()).toHaveAttribute("aria-current", "step");

    // Step 1: the business and its logo; the header names it as soon as it is saved.
    const business = page.getByRole("form", { name: "Business" });
    await business.getByLabel("Business name").fill("Prairie Drone Works");
    await business.getByLabel("Phone").fill("+1 312 496 0199");
    await business.getByLabel("E-mail").fill("hello@prairie-drone.example");
    await business.getByLabel("Postal address").fill("1200 W Fulton Market\nChicago, IL 60607");
    const logo = await sharp({ create: { width: 480, height: 160, channels: 3, background: "#1f6f4a" } })
      .png()
      .toBuffer();
    await page.getByLabel("Logo").setInputFiles({ name: "prairie-logo.png", mimeType: "image/png", buffer: logo });
    await page.getByRole("button", { name: "Upload logo" }).click();
    await expect(page.getByRole("img", { name: /'s logo$/ })).toHaveAttribute("src", /\/api\/site\/logo-[0-9a-f]+\.png$/);
    await business.getByRole("button", { name: "Save and continue" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Step 2 of 3: Time zone & money" })).toBeFocused();
    const brand = page.getByRole("banner").getByRole("link", { name: "Prairie Drone Works home" });
    await expect(brand).toBeVisible();
    // A name longer than SPEC's still fits the header's 64 px on a phone.
    await page.setViewportSize({ width: 360, height: 800 });
    expect((await brand.boundingBox())?.height).toBeLessThanOrEqual(64);
    await page.setViewportSize({ width: 1366, height: 900 });

    // Step 2: time zone and money.
    const money = page.getByRole("form", { name: "Time zone & money" });
    await money.getByLabel("Find a zone").fill("Chicago");
    await money.getByLabel("Time zone", { exact: true }).selectOption("America/Chicago");
    await money.getByLabel("Currency", { exact: true }).selectOption("EUR");
    await money.getByLabel("Tax rate (%)").fill("19");
    await money.getByLabel("Tax label").fill("VAT");
    await money.getByRole("button", { name: "Save and continue" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Step 3 of 3: Mail" })).toBeFocused();

    // Step 3: the mail server, saved, then its test mail, which the peer takes.
    const mail = page.getByRole("form", { name: "Mail" });
    const peerPort = new URL(peer.url).port;
    await mail.getByLabel("Mail server (host)").fill("127.0.0.1");
    await mail.getByLabel("Security").selectOption({ label: "STARTTLS (587)" });
    await mail.getByLabel("Port").fill(peerPort);
    await mail.getByLabel("From-address").fill("Prairie Drone Works <hello@prairie-drone.example>");
    await mail.getByRole("button", { name: "Save mail server" }).click();
    await expect(mail.getByLabel("Port")).toHaveValue(peerPort);
    await expect(mail.getByLabel("Send the test to")).toHaveValue(OWNER.email);
    await mail.getByRole("button", { name: "Send a test mail" }).click();
    await expect(page.getByRole("status", { name: "Test mail" })).toHaveText(/^Delivered: 250 /);
    expect(peer.inbox.map((received) => received.to)).toEqual([OWNER.email]);
    expect(peer.inbox[0]?.raw).toContain("Subject: Test mail from Prairie Drone Works");

    await mail.getByRole("button", { name: "Finish" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();

    // Done for good: the back office opens on itself, and Settings holds what the setup saved; the
    // owner adds what documents print: the legal name, the VAT number, the terms and the bank.
    await page.goto("/admin-dashboard?tab=settings");
    const settingsBusiness = page.getByRole("form", { name: "Business" });
    await expect(settingsBusiness.getByLabel("Postal address")).toHaveValue("1200 W Fulton Market\nChicago, IL 60607");
    await settingsBusiness.getByLabel("Legal name").fill("Prairie Drone Works LLC");
    await settingsBusiness.getByLabel("Tax or registration number").fill("US 36-1234567");
    await settingsBusiness.getByRole("button", { name: "Save business details" }).click();
    await expect(page.getByText("Settings saved").first()).toBeVisible();
    const settingsMoney = page.getByRole("form", { name: "Money" });
    await expect(settingsMoney.getByLabel("Currency", { exact: true })).toHaveValue("EUR");
    await expect(settingsMoney.getByLabel("Tax label")).toHaveValue("VAT");
    await settingsMoney.getByLabel("Payment terms").fill("Due within 14 days of the invoice date.");
    await settingsMoney.getByLabel("Bank details").fill("Lakeside Bank, IBAN DE89 3704 0044 0532 0130 00");
    await settingsMoney.getByRole("button", { name: "Save money settings" }).click();
    await expect(settingsMoney.getByLabel("Bank details")).toHaveValue("Lakeside Bank, IBAN DE89 3704 0044 0532 0130 00");

    // The home page as the server sends it, before any script: the business's name, never SPEC's.
    // Each save has the pages rendered again in the background; a visitor reloading gets them within seconds.
    await expect.poll(async () => (await page.request.get("/")).text(), { timeout: 30_000 }).toMatch(/\/api\/site\/logo-[0-9a-f]+\.png/);
    const home = await page.request.get("/");
    expect(home.status()).toBe(200);
    const html = await home.text();
    expect(html).toContain("Prairie Drone Works");
    expect(html).toContain("+1 312 496 0199");
    expect(html).toMatch(/\/api\/site\/logo-[0-9a-f]+\.png/);
    expectNoneOfSpecs(html, "the home page's HTML");

    // A pilot, invited by mail, accepts from the mail and lands in the back office as a pilot.
    const people = await openBackOffice(page, "Customers");
    await people.getByRole("button", { name: "Invite", exact: true }).click();
    const inviting = page.getByRole("dialog", { name: "Invite someone" });
    await inviting.getByLabel("Email").fill("bessie@prairie-drone.example");
    await inviting.getByLabel("Role").selectOption("pilot");
    await inviting.getByLabel("First Name").fill("Bessie");
    await inviting.getByLabel("Last Name").fill("Coleman");
    await inviting.getByRole("button", { name: "Send Invitation" }).click();
    await expect(inviting).toBeHidden();
    const pilotInvitation = await mailTo("bessie@prairie-drone.example", "/invitation?token=");
    const pilotPage = await open();
    await acceptInvitation(pilotPage, pilotInvitation, "bessie", /^Pilot Dashboard$/);

    // A customer who phoned in, with a billing address, invited to the portal.
    await people.getByRole("button", { name: "Add customer" }).click();
    const adding = page.getByRole("dialog", { name: "Add a customer" });
    await adding.getByLabel("Email").fill("ops@pecan-creek.example");
    await adding.getByLabel("First Name").fill("Zoë");
    await adding.getByLabel("Last Name").fill("Ångström");
    await adding.getByLabel("Company").fill("Pecan Creek Solar LLC");
    await adding.getByLabel("Billing Address").fill("400 Congress Ave\nAustin, TX 78701");
    await adding.getByRole("button", { name: "Add Customer" }).click();
    await expect(adding).toBeHidden();
    const customerInvitation = await mailTo("ops@pecan-creek.example", "/invitation?token=");
    const customerPage = await open();
    await acceptInvitation(customerPage, customerInvitation, "pecan-creek", /^Customer Dashboard$/);

    // The price list's item, in euros.
    const priceList = await openBackOffice(page, "Price list");
    await priceList.getByRole("button", { name: "Add item" }).click();
    const item = page.getByRole("dialog", { name: "Add price list item" });
    await item.getByLabel("Description").fill("Thermal inspection");
    await item.getByLabel("Unit", { exact: true }).fill("MWp");
    await item.getByLabel("Unit price (EUR)").fill("1250");
    await item.getByRole("button", { name: "Save item" }).click();
    await expect(priceList.getByRole("row").filter({ hasText: "Thermal inspection" })).toContainText("€1,250.00");

    // A job for the customer, and its estimate built from the price list: 2 MWp, no deposit.
    const board = await openBackOffice(page, "Jobs");
    await board.getByRole("button", { name: "New job" }).click();
    const newJob = page.getByRole("form", { name: "New job" });
    const customerOption = newJob.getByLabel("Customer").locator("option", { hasText: "Ångström" });
    await newJob.getByLabel("Customer").selectOption((await customerOption.getAttribute("value"))!);
    await newJob.getByLabel("Service").selectOption({ index: 1 });
    await newJob.getByLabel("Title").fill("Pecan Creek thermal inspection");
    await newJob.getByLabel("Site name").fill("Pecan Creek Solar");
    await newJob.getByRole("button", { name: "Create job" }).click();
    await expect(newJob).toBeHidden();
    const jobs = ((await (await page.request.get("/api/admin/jobs?q=Pecan")).json()) as { data: { id: number; title: string }[] }).data;
    const jobId = jobs.find((job) => job.title === "Pecan Creek thermal inspection")!.id;
    await page.goto(`/admin-dashboard/jobs/${jobId}`);
    const job = jobSection(page, "Pecan Creek thermal inspection");
    await job
      .getByRole("region", { name: "Billing" })
      .getByRole("button", { name: /^Send estimate/ })
      .click();
    const builder = page.getByRole("dialog", { name: "Send estimate" });
    await builder.getByRole("button", { name: "Add from price list" }).click();
    await builder.getByRole("searchbox", { name: "Search the price list" }).fill("Thermal");
    await builder.getByRole("button", { name: "Add Thermal inspection" }).click();
    const line = builder.getByRole("group", { name: "Line 1" });
    await expect(line.getByLabel("Unit price (EUR)")).toHaveValue("1250.00");
    await line.getByLabel("Quantity").fill("2");
    await builder.getByLabel("Percent of total").check();
    await builder.getByLabel("Deposit (%)").fill("0");
    await builder.getByRole("button", { name: "Send estimate" }).click();
    await expect(builder).toBeHidden();

    // The estimate the customer is mailed: the business's, in euros with 19 % VAT.
    const estimateMail = await mailTo("ops@pecan-creek.example", ".pdf");
    const estimatePdf = await textOf(mailAttachmentBytes(estimateMail, /\.pdf$/));
    // The logo (made at most 600 px wide for documents, never enlarged) is the page's one image.
    expect((await imagesOf(mailAttachmentBytes(estimateMail, /\.pdf$/))).map(({ page, width }) => ({ page, width }))).toEqual([{ page: 1, width: 480 }]);
    for (const expected of [
      "Prairie Drone Works LLC",
      "+1 312 496 0199",
      "1200 W Fulton Market",
      "VAT number US 36-1234567",
      "400 Congress Ave",
      "€1,250.00",
      "VAT (19%) €475.00",
      "€2,975.00",
    ])
      expect(estimatePdf).toContain(expected);
    expectNoneOfSpecs(estimatePdf, "the estimate's PDF");
    expectNoneOfSpecs(mailText(estimateMail), "the estimate's mail");
    expect(mailText(estimateMail)).toContain("— Prairie Drone Works");

    // The customer accepts; the owner schedules the flight for the pilot in the business's zone, 9:00 in Chicago.
    const estimates = ((await (await customerPage.request.get(`/api/estimates?jobId=${jobId}`)).json()) as { data: { id: number }[] }).data;
    const accepted = await customerPage.request.post(`/api/estimates/${estimates[0]!.id}/accept`, { data: { signatureName: "Zoë Ångström" } });
    expect(accepted.status(), await accepted.text()).toBe(200);
    await page.reload();
    await act(page, job, "Schedule", "Schedule the flight", async (dialog) => {
      await expect(dialog.getByLabel("Time zone")).toHaveValue("America/Chicago");
      await dialog.getByLabel("Window start").fill("2031-03-04T09:00");
      await dialog.getByLabel("Window end").fill("2031-03-04T11:00");
      const pilot = dialog.getByLabel("Pilot");
      await pilot.selectOption((await pilot.locator("option", { hasText: "Bessie" }).getAttribute("value"))!);
    });
    const scheduled = await mailTo("ops@pecan-creek.example", "Subject: Scheduled: Pecan Creek thermal inspection");
    expect(mailText(scheduled)).toContain("Tuesday, March 4, 2031 at 9:00 AM to Tuesday, March 4, 2031 at 11:00 AM (America/Chicago)");
    expectNoneOfSpecs(mailText(scheduled), "the schedule's mail");
    // The pilot's home shows the flight.
    await pilotPage.reload();
    await expect(pilotPage.getByText("Pecan Creek thermal inspection").first()).toBeVisible();

    // A fresh install's pre-flight checklist (decision 0074) is ticked before the flight: its blockers, the airspace's authorisation number given.
    const checklist = await page.request.get(`/api/admin/jobs/${jobId}/preflight-checklist`);
    const { items } = ((await checklist.json()) as { data: { items: { itemId: number; kind: string; needsValue: boolean; source: string | null }[] } }).data;
    expect(items.filter((item) => item.kind === "blocker").length).toBeGreaterThan(0);
    const ticked = await page.request.put(`/api/admin/jobs/${jobId}/preflight-checklist`, {
      data: {
        answers: items
          .filter((item) => item.source === null)
          .map((item) => ({ itemId: item.itemId, checked: true, value: item.needsValue ? "LAANC 2031-0304-17" : "" })),
      },
    });
    expect(ticked.status(), await ticked.text()).toBe(200);

    // Flown (it is logged as flown today) and delivered, then the final invoice: the business's, the customer's billing address, euros, terms and bank.
    for (const data of [
      { status: "flown", flight: { flownOn: calendarDateIn("America/Chicago"), durationMinutes: 45, aircraft: "M30T" } },
      { status: "delivered" },
    ]) {
      const moved = await page.request.patch(`/api/admin/jobs/${jobId}`, { data });
      expect(moved.status(), await moved.text()).toBe(200);
    }
    await page.reload();
    await job.getByRole("region", { name: "Billing" }).getByRole("button", { name: "Issue final invoice" }).click();
    const issuing = page.getByRole("dialog", { name: "Issue final invoice" });
    await issuing.getByRole("button", { name: "Issue invoice" }).click();
    await expect(issuing).toBeHidden();
    const invoiceMail = await mailTo("ops@pecan-creek.example", "invoice-");
    const invoicePdf = await textOf(mailAttachmentBytes(invoiceMail, /^invoice-.*\.pdf$/));
    for (const expected of [
      "Prairie Drone Works LLC",
      "VAT number US 36-1234567",
      "1200 W Fulton Market",
      "400 Congress Ave",
      "VAT (19%) €475.00",
      "€2,975.00",
      "Due within 14 days of the invoice date.",
      "IBAN DE89 3704 0044 0532 0130 00",
    ])
      expect(invoicePdf).toContain(expected);
    expectNoneOfSpecs(invoicePdf, "the invoice's PDF");

    // Every mail the business sent this day is its own.
    for (const received of peer.inbox) expectNoneOfSpecs(mailText(received.raw), `the mail to ${received.to}`);
  } finally {
    for (const context of opened) await context.close();
    await install.stop();
    await peer.close();
  }
});
