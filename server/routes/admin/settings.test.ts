import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { LightMyRequestResponse } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SETTINGS_DEFAULTS, settingsMessages } from "@common/settings";
import { businessLogos, businessSettings } from "../../db/schema";
import { estimateDriver } from "../../testing/estimates";
import { appWithUsersForTests, type TestUser } from "../../testing/factories";
import { jobDriver } from "../../testing/jobs";
import { appWithSmtpPeerForTests } from "../../testing/mailed-app";
import { mailServerAt, settingsDriver } from "../../testing/settings";
import { type SmtpPeer, startAuthenticatingSmtpPeer } from "../../testing/smtp-peer";
import type { TestApp } from "../../testing/test-app";
import { capabilities } from "../../testing/wmts-capabilities";
import { NO_MAIL_SERVER } from "../../settings/test-mail";

type Driver = ReturnType<typeof settingsDriver>;

describe("who may call the settings", () => {
  let smtp: SmtpPeer;
  let t: TestApp, admin: TestUser, customer: TestUser, otherCustomer: TestUser, pilot: TestUser;
  appWithSmtpPeerForTests(["admin", "customer", "customer", "pilot"], async (made) => {
    ({ t, smtp } = made);
    [admin, customer, otherCustomer, pilot] = made.users;
    await settingsDriver(t, admin).save({ mail: mailServerAt(smtp) });
  });

  /** Each caller's answer to `call`, in the order visitor, customer, another customer, pilot, admin. */
  const statusesOf = async (call: (as: Driver) => Promise<LightMyRequestResponse>) => {
    const statuses: number[] = [];
    for (const user of [undefined, customer, otherCustomer, pilot, admin]) statuses.push((await call(settingsDriver(t, user))).statusCode);
    return statuses;
  };
  const REFUSED_THEN_ADMIN = [401, 403, 403, 403, 200];

  it("GET /api/admin/settings: a visitor 401, customers and a pilot 403, an admin 200", async () => {
    expect(await statusesOf((as) => as.get())).toEqual(REFUSED_THEN_ADMIN);
  });

  it("PATCH /api/admin/settings: only the admin's save is kept", async () => {
    const saved: string[] = [];
    const statuses = await statusesOf(async (as) => {
      const res = await as.patch({ businessName: `Saved by caller ${saved.length + 1}` });
      saved.push((await settingsDriver(t, admin).view()).values.businessName);
      return res;
    });
    expect(statuses).toEqual(REFUSED_THEN_ADMIN);
    expect(saved).toEqual(["SkyVantage", "SkyVantage", "SkyVantage", "SkyVantage", "Saved by caller 5"]);
  });

  it("POST /api/admin/settings/logo: only the admin's logo is stored", async () => {
    const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: "#2a6" } })
      .png()
      .toBuffer();
    const stored: number[] = [];
    const statuses = await statusesOf(async (as) => {
      const res = await as.uploadLogo(png);
      stored.push((await t.database.db.select({ id: businessLogos.id }).from(businessLogos)).length);
      return res;
    });
    expect(statuses).toEqual(REFUSED_THEN_ADMIN);
    expect(stored).toEqual([0, 0, 0, 0, 1]);
  });

  it("POST /api/admin/settings/test-mail: only the admin's test mail is sent", async () => {
    const statuses = await statusesOf((as) => as.testMail("owner@example.com"));
    expect(statuses).toEqual(REFUSED_THEN_ADMIN);
    expect(smtp.inbox.map((mail) => mail.to)).toEqual(["owner@example.com"]);
  });

  it("GET /api/site: anyone, a visitor included", async () => {
    expect(await statusesOf((as) => as.site())).toEqual([200, 200, 200, 200, 200]);
  });
});

describe("a fresh install's settings", () => {
  let as: Driver, visitor: Driver;
  appWithUsersForTests(["admin"], ({ t, users: [admin] }) => {
    as = settingsDriver(t, admin);
    visitor = settingsDriver(t);
  });

  it("are SPEC's: SkyVantage, its phone and address, US dollars, UTC, no tax, no mail server, no logo, no base map", async () => {
    expect(await as.view()).toEqual({
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
        demoVideoUrl: expect.stringMatching(/^https:\/\//),
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
    });
  });

  it("are what GET /api/site shows a visitor", async () => {
    expect(await visitor.siteInfo()).toEqual({
      businessName: "SkyVantage",
      phone: "+1 (555) 014-7720",
      email: "missions@skyvantage.example",
      address: [],
      logoUrl: null,
      currency: "USD",
      socialLinks: [],
    });
  });
});

/** Every setting a PATCH may carry, each different from SPEC's default. */
const EVERY_SETTING = {
  businessName: "Prairie Drone Works",
  legalName: "Prairie Drone Works LLC",
  phone: "+1 (555) 010-2030",
  email: "Hello@Prairie.example",
  address: ["12 Mill Road", "Salina, KS 67401"],
  taxNumber: "EIN 12-3456789",
  timeZone: "America/Chicago",
  currency: "eur",
  taxRatePercent: 8.25,
  taxLabel: "Sales tax",
  paymentTerms: "Net 30",
  bankDetails: "First Prairie Bank, account 000123",
  demoVideoUrl: "https://video.prairie.example/demo.mp4",
  notifyEmail: "Office@Prairie.example",
  primaryColor: "#0055AA",
  accentColor: "#b45309",
  mapTilesUrl: "https://tiles.prairie.example/{z}/{x}/{y}.png",
  mapTilesAttribution: "© Prairie Tiles",
  mapSatelliteUrl: "https://{s}.sat.prairie.example/{z}/{y}/{x}.jpg",
  mapSatelliteAttribution: "© Prairie Imagery",
  geocoderUrl: "https://search.prairie.example",
  setupDone: true,
};

describe("PATCH /api/admin/settings", () => {
  let t: TestApp, as: Driver;
  appWithUsersForTests(["admin"], (made) => {
    t = made.t;
    as = settingsDriver(t, made.users[0]);
  });

  it("saves every setting, answers them as saved, and GET reads them back (addresses lower case, the currency upper case)", async () => {
    const res = await as.patch(EVERY_SETTING);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("Settings saved");
    const { setupDone, ...values } = EVERY_SETTING;
    const expected = {
      ...values,
      email: "hello@prairie.example",
      notifyEmail: "office@prairie.example",
      currency: "EUR",
      primaryColor: "#0055aa",
      mail: null,
      logoUrl: null,
    };
    expect(res.json().data).toMatchObject({ values: expected, setupDone });
    expect(await as.view()).toEqual({ values: expected, fixed: {}, currencyLocked: false, setupDone, saved: Object.keys(values) });
    expect(await settingsDriver(t).siteInfo()).toMatchObject({ businessName: "Prairie Drone Works", phone: "+1 (555) 010-2030", currency: "EUR" });
  });

  it("keeps a setting the PATCH leaves out", async () => {
    const before = await as.view();
    const after = await as.save({ phone: "+1 (555) 010-9999" });
    expect(after.values).toEqual({ ...before.values, phone: "+1 (555) 010-9999" });
  });

  it.each([
    ["currency", { currency: "EUX" }],
    ["timeZone", { timeZone: "Mars/Olympus" }],
    ["taxRatePercent", { taxRatePercent: 101 }],
    ["taxRatePercent", { taxRatePercent: -1 }],
    ["taxRatePercent", { taxRatePercent: 8.255 }],
    ["email", { email: "not an address" }],
    ["notifyEmail", { notifyEmail: "office@" }],
    ["primaryColor", { primaryColor: "teal" }],
    ["accentColor", { accentColor: "#fff" }],
    ["mapTilesUrl", { mapTilesUrl: "https://tiles.prairie.example/tile.png" }],
    ["mapSatelliteUrl", { mapSatelliteUrl: "ftp://sat.prairie.example/{z}/{x}/{y}" }],
    ["geocoderUrl", { geocoderUrl: "search.prairie.example" }],
  ])("refuses a bad %s (%j) with 400 naming it, and saves nothing of the PATCH", async (field, bad) => {
    const before = await as.view();
    const res = await as.patch({ businessName: "Not Saved Co", ...bad });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual([field]);
    expect(res.json().message).toBe(res.json().errors[field]);
    expect(await as.view()).toEqual(before);
  });

  it("refuses a brand colour no theme can draw as text with 400 naming it and the measured ratios, and saves nothing of the PATCH", async () => {
    const before = await as.view();
    const res = await as.patch({ businessName: "Not Saved Co", accentColor: "#b45309", primaryColor: "#777777" });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      primaryColor:
        "Contrast 4.2:1 on the light theme's background #f5f8fc and 4.1:1 on the dark theme's cards #0b1220; text needs at least 4.5:1 on one theme (the other shows a lighter or darker shade)",
    });
    expect(await as.view()).toEqual(before);
  });

  it("reads a WMTS service's capabilities once when its address is saved, keeping its Web Mercator tiles' template; a service that gives none is refused naming the field, nothing saved", async () => {
    const service = createServer((request, response) =>
      request.url?.startsWith("/down")
        ? void response.writeHead(503).end()
        : void response.writeHead(200, { "content-type": "application/xml" }).end(capabilities()),
    );
    await new Promise<void>((resolve) => service.listen(0, "127.0.0.1", resolve));
    const root = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
    try {
      const saved = await as.save({ mapTilesUrl: `${root}/wmts/WMTSCapabilities.xml`, mapTilesAttribution: "© Aerial Example" });
      expect(saved.values.mapTilesUrl).toBe("https://maps.example/wmts/aerial/labelled/2026/WebMercatorQuad/EPSG:3857:{z}/{y}/{x}.jpg");
      const before = await as.view();
      const refused = await as.patch({ businessName: "Not Saved Co", mapSatelliteUrl: `${root}/down/WMTSCapabilities.xml` });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual({
        mapSatelliteUrl: "The satellite tiles' address names a WMTS service that gives no base map: its capabilities answered 503",
      });
      expect(await as.view()).toEqual(before);
    } finally {
      await new Promise<void>((resolve) => service.close(() => resolve()));
    }
  });

  it("puts the theme's own colour back for a brand colour given as null", async () => {
    await as.save({ primaryColor: "#0055aa" });
    const view = await as.save({ primaryColor: null });
    expect(view.values.primaryColor).toBeNull();
    expect(view.saved).not.toContain("primaryColor");
  });

  it("puts SPEC's default back for a setting given as null: the row forgets it, and it is no longer among those saved", async () => {
    const DEFAULTED = ["taxRatePercent", "taxLabel", "demoVideoUrl"];
    const before = await as.save({ taxRatePercent: 19, taxLabel: "VAT", demoVideoUrl: "https://video.prairie.example/other.mp4" });
    expect(before.saved).toEqual(expect.arrayContaining(DEFAULTED));
    const view = await as.save({ taxRatePercent: null, taxLabel: null, demoVideoUrl: null });
    expect(view.values).toMatchObject({
      taxRatePercent: 0,
      taxLabel: "Tax",
      demoVideoUrl: SETTINGS_DEFAULTS.demoVideoUrl,
      businessName: "Prairie Drone Works",
    });
    expect(view.saved.filter((key) => DEFAULTED.includes(key))).toEqual([]);
    const [row] = await t.database.db.select({ values: businessSettings.values }).from(businessSettings);
    expect(DEFAULTED.filter((key) => key in row!.values)).toEqual([]);
  });

  it.each(["businessName", "phone", "email"])(
    "refuses %s given as null or empty with 400 naming it: the business's own has no default to go back to",
    async (field) => {
      const before = await as.view();
      for (const value of [null, ""]) {
        const res = await as.patch({ [field]: value });
        expect(res.statusCode).toBe(400);
        expect(Object.keys(res.json().errors)).toEqual([field]);
      }
      expect(await as.view()).toEqual(before);
    },
  );

  it("refuses a key it does not know with 400 naming it, and saves nothing of the PATCH", async () => {
    const before = await as.view();
    const res = await as.patch({ businessName: "Not Saved Co", brandColour: "teal" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("brandColour");
    expect(await as.view()).toEqual(before);
  });
});

describe("a setting fixed by an environment variable", () => {
  let t: TestApp, as: Driver;
  appWithUsersForTests(["admin"], { BUSINESS_NAME: "Env Drone Co" }, (made) => {
    t = made.t;
    as = settingsDriver(t, made.users[0]);
  });

  it("is shown with the variable that fixes it, the variable's value in effect on the site", async () => {
    const view = await as.view();
    expect(view.fixed).toEqual({ businessName: "BUSINESS_NAME" });
    expect(view.values.businessName).toBe("Env Drone Co");
    expect((await settingsDriver(t).siteInfo()).businessName).toBe("Env Drone Co");
  });

  it("is refused by PATCH with 400 naming the field and the variable, and nothing of the PATCH is saved", async () => {
    const before = await as.view();
    const res = await as.patch({ businessName: "Prairie Drone Works", phone: "+1 (555) 010-2030" });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ businessName: settingsMessages.fixed("BUSINESS_NAME") });
    expect(res.json().errors.businessName).toContain("BUSINESS_NAME");
    expect(await as.view()).toEqual(before);
  });

  it("leaves the other settings free to change", async () => {
    expect((await as.save({ phone: "+1 (555) 010-2030" })).values).toMatchObject({ businessName: "Env Drone Co", phone: "+1 (555) 010-2030" });
  });
});

describe("the maps' providers set by the environment", () => {
  let as: Driver;
  appWithUsersForTests(
    ["admin"],
    { MAP_TILE_URL: "https://old.tiles.example/{z}/{x}/{y}.png", MAP_TILES_ATTRIBUTION: "© Env Tiles", GEOCODER_URL: "https://search.env.example" },
    (made) => {
      as = settingsDriver(made.t, made.users[0]);
    },
  );

  it("are shown fixed by their variables (the older MAP_TILE_URL too), and a PATCH of one is refused naming it", async () => {
    const view = await as.view();
    expect(view.fixed).toEqual({ mapTilesUrl: "MAP_TILE_URL", mapTilesAttribution: "MAP_TILES_ATTRIBUTION", geocoderUrl: "GEOCODER_URL" });
    expect(view.values).toMatchObject({
      mapTilesUrl: "https://old.tiles.example/{z}/{x}/{y}.png",
      mapTilesAttribution: "© Env Tiles",
      geocoderUrl: "https://search.env.example",
    });
    const res = await as.patch({ geocoderUrl: "https://search.prairie.example" });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ geocoderUrl: settingsMessages.fixed("GEOCODER_URL") });
    expect((await as.save({ mapSatelliteUrl: "https://sat.prairie.example/{z}/{x}/{y}.jpg" })).values.mapSatelliteUrl).toBe(
      "https://sat.prairie.example/{z}/{x}/{y}.jpg",
    );
  });
});

describe("the currency", () => {
  let t: TestApp, as: Driver, admin: TestUser, customer: TestUser, serviceId: number;
  appWithUsersForTests(["admin", "customer"], (made) => {
    ({ t, serviceId } = made);
    [admin, customer] = made.users;
    as = settingsDriver(t, admin);
  });

  /** An estimate sent for a new quote request of the customer's. */
  const sendEstimate = async () => {
    const { jobId } = await jobDriver(t, admin, admin, serviceId).requestQuote(customer);
    return estimateDriver(t, admin).send(jobId);
  };

  it("changes freely while no money has moved", async () => {
    const currencies: string[] = [];
    for (const currency of ["EUR", "GBP", "eur"]) {
      const view = await as.save({ currency });
      expect(view.currencyLocked).toBe(false);
      currencies.push(view.values.currency);
    }
    expect(currencies).toEqual(["EUR", "GBP", "EUR"]);
  });

  it("is the currency of a new estimate", async () => {
    expect((await sendEstimate()).currency).toBe("eur");
  });

  it("once an estimate is sent, a new one is refused with 409 and the reason, and the currency stays", async () => {
    expect((await as.view()).currencyLocked).toBe(true);
    const res = await as.patch({ currency: "USD", businessName: "Not Saved Co" });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: settingsMessages.currencyLocked, errors: { currency: settingsMessages.currencyLocked } });
    const view = await as.view();
    expect(view.values).toMatchObject({ currency: "EUR", businessName: "SkyVantage" });
    expect((await sendEstimate()).currency).toBe("eur");
  });

  it("once locked, still takes the same currency back with the rest of a save", async () => {
    expect((await as.save({ currency: "EUR", taxLabel: "VAT" })).values).toMatchObject({ currency: "EUR", taxLabel: "VAT" });
  });
});

describe("the mail password", () => {
  const PASSWORD = "horse-Battery-staple-42!";
  let peer: SmtpPeer;
  let t: TestApp, as: Driver;
  beforeAll(async () => {
    peer = await startAuthenticatingSmtpPeer({ user: "mailer", password: PASSWORD });
  });
  afterAll(() => peer.close());
  appWithUsersForTests(["admin"], (made) => {
    t = made.t;
    as = settingsDriver(t, made.users[0]);
  });

  const storedRow = async () => {
    const [row] = await t.database.db.select({ values: businessSettings.values, secrets: businessSettings.secrets }).from(businessSettings);
    return row!;
  };

  it("is saved but never read back: neither the PATCH's answer nor GET carry it, only passwordSet", async () => {
    const res = await as.patch({ mail: mailServerAt(peer, { user: "mailer", password: PASSWORD }) });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(PASSWORD);
    const read = await as.get();
    expect(read.body).not.toContain(PASSWORD);
    expect(read.json().data.values.mail).toEqual({
      host: "127.0.0.1",
      port: peer.port,
      secure: false,
      user: "mailer",
      from: "Prairie Drone Works <office@prairie.example>",
      passwordSet: true,
    });
  });

  it("is stored sealed: the database's row holds no plain text of it", async () => {
    const row = await storedRow();
    expect(row.secrets.mailPassword).toEqual(expect.any(String));
    expect(JSON.stringify(row)).not.toContain(PASSWORD);
    expect(JSON.stringify(row)).not.toContain(Buffer.from(PASSWORD).toString("base64"));
  });

  it("is what the server logs in with: the test mail is delivered", async () => {
    expect(await as.sendTestMail("owner@example.com")).toMatchObject({ delivered: true });
    expect(peer.inbox.map((mail) => mail.to)).toEqual(["owner@example.com"]);
  });

  it("stays when a save of the mail server leaves it out", async () => {
    const view = await as.save({ mail: mailServerAt(peer, { user: "mailer", from: "Prairie <billing@prairie.example>" }) });
    expect(view.values.mail).toMatchObject({ from: "Prairie <billing@prairie.example>", passwordSet: true });
    expect(await as.sendTestMail("owner@example.com")).toMatchObject({ delivered: true });
  });

  it('is removed by "": passwordSet false, no secret kept, and the test mail cannot log in without it', async () => {
    const view = await as.save({ mail: mailServerAt(peer, { user: "mailer", password: "" }) });
    expect(view.values.mail).toMatchObject({ user: "mailer", passwordSet: false });
    expect((await storedRow()).secrets).toEqual({});
    const delivered = peer.inbox.length;
    expect(await as.sendTestMail("owner@example.com")).toEqual({ delivered: false, answer: expect.stringMatching(/credentials/i) });
    expect(peer.inbox).toHaveLength(delivered);
  });

  it("goes with the mail server when a save stops using it (mail null): the row keeps neither, and no mail server is set", async () => {
    expect((await as.save({ mail: mailServerAt(peer, { user: "mailer", password: PASSWORD }) })).values.mail).toMatchObject({ passwordSet: true });
    const view = await as.save({ mail: null });
    expect(view.values.mail).toBeNull();
    expect(view.saved).not.toContain("mail");
    const row = await storedRow();
    expect(row.secrets).toEqual({});
    expect(row.values).not.toHaveProperty("mail");
    const res = await as.testMail("owner@example.com");
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(NO_MAIL_SERVER);
  });
});
