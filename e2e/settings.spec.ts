// The first-run setup in the browser (docs/product.md §2, Back office: first-run setup and Settings):
// on a new install an admin names the business, its time zone and money, and its mail server, whose
// test mail a real SMTP peer takes; the public pages then carry the business's name in the HTML the
// server sends, and the first estimate mailed to a phone-in customer is the business's, in euros with VAT. On a server of its own, started here from the build on an empty database: the run's
// shared server has finished its setup, and its other specs read SPEC's name on every page.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { textOf } from "../server/pdf/testing/poppler";
import { startSmtpPeer } from "../server/testing/smtp-peer";
import { expect, logInWithForm, test } from "./fixtures";
import { mailAttachmentBytes, mailText } from "./mailbox";

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

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

interface NewInstall {
  baseURL: string;
  stop(): Promise<void>;
}

/** The built server on a new PGlite folder, with its first admin and none of the settings' variables. */
async function startNewInstall(): Promise<NewInstall> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "skyvantage-setup-"));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    ADMIN_USERNAME: OWNER.username,
    ADMIN_PASSWORD: OWNER.password,
    ADMIN_EMAIL: OWNER.email,
  };
  for (const variable of [...SETTING_VARIABLES, "DATABASE_URL"]) delete env[variable];
  let output = "";
  const child: ChildProcess = spawn(process.execPath, ["dist/server/index.js"], { env, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const baseURL = `http://127.0.0.1:${port}`;
  const stop = async () => {
    child.kill("SIGTERM");
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await expect.poll(async () => (await fetch(`${baseURL}/api/health/ready`).catch(() => undefined))?.status, { timeout: 120_000, message: output }).toBe(200);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseURL, stop };
}

test("an admin's first-run setup names the business, its money and its mail; the public pages and the first estimate then carry its name", async ({ page }) => {
  test.setTimeout(240_000);
  const peer = await startSmtpPeer();
  const install = await startNewInstall();
  try {
    const at = (pathname: string) => `${install.baseURL}${pathname}`;
    await page.goto(at("/login"));
    await logInWithForm(page, OWNER);
    await expect(page.getByRole("heading", { level: 1, name: "Set up your business" })).toBeVisible();
    await expect(page.getByRole("list", { name: "Setup steps" }).getByRole("listitem").first()).toHaveAttribute("aria-current", "step");

    // Step 1: the business; the header names it as soon as it is saved.
    const business = page.getByRole("form", { name: "Business" });
    await business.getByLabel("Business name").fill("Prairie Drone Works");
    await business.getByLabel("Phone").fill("+1 312 496 0199");
    await business.getByLabel("E-mail").fill("hello@prairie-drone.example");
    await business.getByLabel("Postal address").fill("1200 W Fulton Market\nChicago, IL 60607");
    await business.getByRole("button", { name: "Save and continue" }).click();
    const moneyHeading = page.getByRole("heading", { level: 2, name: "Step 2 of 3: Time zone & money" });
    await expect(moneyHeading).toBeFocused();
    await expect(page.getByRole("banner").getByRole("link", { name: "Prairie Drone Works home" })).toBeVisible();

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

    // Done for good: the back office opens on itself, and the Settings tab holds what the setup saved.
    await page.goto(at("/admin-dashboard?tab=settings"));
    await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
    const settingsMoney = page.getByRole("form", { name: "Money" });
    await expect(settingsMoney.getByLabel("Currency", { exact: true })).toHaveValue("EUR");
    await expect(settingsMoney.getByLabel("Tax label")).toHaveValue("VAT");
    await expect(page.getByRole("form", { name: "Business" }).getByLabel("Postal address")).toHaveValue("1200 W Fulton Market\nChicago, IL 60607");

    // The home page as the server sends it, before any script: the business's name, never SPEC's.
    const home = await page.request.get(at("/"));
    expect(home.status()).toBe(200);
    const html = await home.text();
    expect(html).toContain("Prairie Drone Works");
    expect(html).toContain("+1 312 496 0199");
    // Each place SPEC's name is left, with what surrounds it, so a failure says where.
    expect(html.match(/.{0,80}SkyVantage.{0,80}/g) ?? []).toEqual([]);
    expect(html.match(/.{0,40}\(555\).{0,40}/g) ?? []).toEqual([]);

    // The first estimate: the owner's legal name and VAT number, a phone-in customer with a billing
    // address, a price list item, a job for them; the estimate the customer is mailed is the business's,
    // in euros with 19 % VAT, and names neither SPEC's business nor its 555 number.
    const api = page.request;
    const created = async (response: Awaited<ReturnType<typeof api.post>>) => {
      expect(response.status(), await response.text()).toBe(201);
      return ((await response.json()) as { data: { id: number } }).data.id;
    };
    const saved = await api.patch(at("/api/admin/settings"), { data: { legalName: "Prairie Drone Works LLC", taxNumber: "US 36-1234567" } });
    expect(saved.status(), await saved.text()).toBe(200);
    const customerId = await created(
      await api.post(at("/api/admin/customers"), {
        data: {
          email: "ops@pecan-creek.example",
          firstName: "Zoë",
          lastName: "Ångström",
          company: "Pecan Creek Solar LLC",
          billingAddress: "400 Congress Ave\nAustin, TX 78701",
        },
      }),
    );
    const itemId = await created(await api.post(at("/api/admin/price-list"), { data: { description: "Thermal inspection", unit: "MWp", unitPrice: 125_000 } }));
    const services = ((await (await api.get(at("/api/services"))).json()) as { data: { id: number; category: string }[] }).data.filter(
      (service) => service.category === "solar",
    );
    const jobId = await created(
      await api.post(at("/api/admin/jobs"), {
        data: { userId: customerId, serviceId: services[0]!.id, title: "Pecan Creek thermal inspection", site: { name: "Pecan Creek Solar" } },
      }),
    );
    await created(
      await api.post(at("/api/admin/estimates"), {
        data: {
          jobId,
          lines: [{ description: "Thermal inspection", quantity: 2, unit: "MWp", unitPrice: 125_000, priceListItemId: itemId }],
          deposit: { percent: 0 },
          validUntil: "2030-01-31",
        },
      }),
    );
    await expect.poll(() => peer.inbox.filter((received) => received.to === "ops@pecan-creek.example").length, { timeout: 30_000 }).toBe(1);
    const estimateMail = peer.inbox.find((received) => received.to === "ops@pecan-creek.example")!.raw;
    const estimatePdf = await textOf(mailAttachmentBytes(estimateMail, /\.pdf$/));
    for (const expected of [
      "Prairie Drone Works",
      "Prairie Drone Works LLC",
      "+1 312 496 0199",
      "1200 W Fulton Market",
      "VAT number US 36-1234567",
      "€1,250.00",
      "VAT (19%) €475.00",
      "€2,975.00",
    ])
      expect(estimatePdf).toContain(expected);
    for (const text of [estimatePdf, mailText(estimateMail)]) {
      expect(text).not.toContain("SkyVantage");
      expect(text).not.toMatch(/555/);
    }
    expect(mailText(estimateMail)).toContain("— Prairie Drone Works");
  } finally {
    await install.stop();
    await peer.close();
  }
});
