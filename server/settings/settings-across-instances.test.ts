import { randomBytes } from "node:crypto";
import type { Estimate } from "@common/contract/estimates";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_HOME } from "@common/site-page-defaults";
import { loadConfig } from "../config";
import { services } from "../db/schema";
import { publishedSite } from "../site-pages/pages";
import { siteNowFrom } from "../site/site-config";
import { estimateDriver } from "../testing/estimates";
import { createAdmin, registerUser, type TestUser } from "../testing/factories";
import { jobDriver } from "../testing/jobs";
import { createScratchDatabase, type ScratchDatabase } from "../testing/scratch-database";
import { mailServerAt, settingsDriver } from "../testing/settings";
import { type SmtpPeer, startAuthenticatingSmtpPeer } from "../testing/smtp-peer";
import { createTestApp, type TestApp } from "../testing/test-app";
import { businessSettingsFor } from "./business-settings";

// Several instances need PostgreSQL whatever the run uses (as in server/mail/outbox.test.ts).
const BASE_DATABASE_URL = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";

describe("the settings on two instances of one site (one PostgreSQL database)", () => {
  const PASSWORD = "shared-Secret-9";
  let scratch: ScratchDatabase;
  let peer: SmtpPeer;
  let apps: [TestApp, TestApp];
  let admin: TestUser, customer: TestUser;
  let onA: ReturnType<typeof settingsDriver>, onB: ReturnType<typeof settingsDriver>;
  /** What B's pages are rendered with: its own store's site configuration, as server/app.ts wires it, and the published pages it reads. */
  let siteOnB: ReturnType<typeof siteNowFrom>;
  /** A sent estimate of B's: the journey's, for a new quote request of the customer's. */
  let sendEstimateOnB: () => Promise<Estimate>;

  beforeAll(async () => {
    scratch = await createScratchDatabase(BASE_DATABASE_URL, "skyvantage_settings");
    peer = await startAuthenticatingSmtpPeer({ user: "mailer", password: PASSWORD });
    // One key for both: without SETTINGS_SECRET_KEY each instance seals with a key file of its own DATA_DIR.
    const env = { SETTINGS_SECRET_KEY: randomBytes(32).toString("base64") };
    const config = loadConfig(env);
    // One after the other: both migrate the same database on start.
    apps = [await createTestApp(env, { databaseUrl: scratch.url }), await createTestApp(env, { databaseUrl: scratch.url })];
    admin = await createAdmin(apps[0]);
    customer = await registerUser(apps[1]);
    onA = settingsDriver(apps[0], admin);
    onB = settingsDriver(apps[1], admin);
    siteOnB = siteNowFrom(config, businessSettingsFor(config, apps[1].database.db).store);
    const [service] = await apps[1].database.db.select({ id: services.id }).from(services).limit(1);
    sendEstimateOnB = async () => {
      const { jobId } = await jobDriver(apps[1], admin, admin, service!.id).requestQuote(customer);
      return estimateDriver(apps[1], admin).send(jobId);
    };
  });
  afterAll(async () => {
    for (const t of apps ?? []) await t.close();
    await peer?.close();
    await scratch?.drop();
  });

  it("a save on A is what B's GET /api/site and GET /api/admin/settings answer next, without a restart", async () => {
    // B reads first, so a copy it kept from before the save would show.
    expect((await onB.siteInfo()).businessName).toBe("SkyVantage");
    expect((await onB.view()).values.businessName).toBe("SkyVantage");

    const saved = await onA.save({ businessName: "Prairie Drone Works", phone: "+1 (555) 010-2030", address: ["12 Mill Road"], currency: "CAD" });
    expect(await onB.siteInfo()).toMatchObject({ businessName: "Prairie Drone Works", phone: "+1 (555) 010-2030", address: ["12 Mill Road"], currency: "CAD" });
    expect(await onB.view()).toEqual(saved);

    await onA.save({ businessName: "Prairie Drone Works West" });
    expect((await onB.siteInfo()).businessName).toBe("Prairie Drone Works West");
  });

  it("a save on A is what B renders pages with next, though B read the settings before it", async () => {
    const before = await siteOnB();
    await onA.save({ businessName: "Prairie Drone Works East", phone: "+1 (555) 010-4040" });
    const after = await siteOnB();
    expect(after.settingsVersion).toBeGreaterThan(before.settingsVersion);
    expect(after.site).toMatchObject({ businessName: "Prairie Drone Works East", businessPhone: "+1 (555) 010-4040" });

    await onA.save({
      mapTilesUrl: "https://tiles.prairie.example/{z}/{x}/{y}.png",
      mapTilesAttribution: "© Prairie Tiles",
      geocoderUrl: "https://search.prairie.example",
    });
    expect((await siteOnB()).site).toMatchObject({
      mapTileUrl: "https://tiles.prairie.example/{z}/{x}/{y}.png",
      mapTileAttribution: "© Prairie Tiles",
      mapSatelliteUrl: "",
      geocoder: true,
    });
  });

  it("a home page published on A is what B renders pages with next, read from the database", async () => {
    const before = await publishedSite(apps[1].database.db);
    const intro = "Published on A, carried by B's pages.";
    const document = { ...DEFAULT_HOME, hero: { ...DEFAULT_HOME.hero, intro: [{ type: "paragraph", runs: [{ text: intro }] }] } };
    const headers = { cookie: admin.cookie };
    const { revision } = (await apps[0].app.inject({ method: "GET", url: "/api/admin/pages/home", headers })).json();
    expect((await apps[0].app.inject({ method: "PUT", url: "/api/admin/pages/home/draft", headers, payload: { revision, document } })).statusCode).toBe(200);
    expect((await apps[0].app.inject({ method: "POST", url: "/api/admin/pages/home/publish", headers, payload: {} })).statusCode).toBe(200);
    const after = await publishedSite(apps[1].database.db);
    expect(after.version).toBeGreaterThan(before.version);
    expect(after.home.hero.intro).toEqual(document.hero.intro);
  });

  it("the tax rate saved on A is what B charges on its next estimate", async () => {
    expect((await sendEstimateOnB()).taxRateBasisPoints).toBe(0);

    await onA.save({ taxRatePercent: 7.5 });
    const estimate = await sendEstimateOnB();
    // The journey's lines come to $1,883.33 less a $50.00 discount: 7.5 % of $1,833.33 is $137.50.
    expect(estimate).toMatchObject({ currency: "cad", taxRateBasisPoints: 750, subtotal: 188_333, tax: 13_750, total: 197_083 });
  });

  it("the mail password saved on A is the one B's test mail logs in with", async () => {
    await onA.save({ mail: mailServerAt(peer, { user: "mailer", password: PASSWORD }) });
    expect(await onB.sendTestMail("owner@example.com")).toMatchObject({ delivered: true });
    expect(peer.inbox.map((mail) => mail.to)).toEqual(["owner@example.com"]);
  });
});
