import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SITE_DEFAULTS } from "@common/site";
import { ConfigError, loadConfig } from "./config";

describe("loadConfig", () => {
  it("runs with nothing configured: port 5000 on 127.0.0.1, data in ./data, PGlite", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 5000, host: "127.0.0.1", dataDir: path.resolve("data"), databaseUrl: undefined, production: false });
    // The back office asks for the development Outbox only where the server has one.
    expect(config.site.devOutbox).toBe(true);
    expect(config.uploadsDir).toBe(path.resolve("data/uploads"));
    // The business's address, logo and currency come from its settings alone (server/site/site-config.ts).
    const {
      businessAddress: _address,
      logoUrl: _logo,
      currency: _currency,
      socialLinks: _links,
      primaryColor: _primary,
      accentColor: _accent,
      ...fromEnvironment
    } = SITE_DEFAULTS;
    expect(config.site).toEqual(fromEnvironment);
    expect(config.rateLimits.contact).toBe(10);
  });

  it("reads every variable it is given", () => {
    const config = loadConfig({
      NODE_ENV: "production",
      PORT: "8080",
      HOST: "0.0.0.0",
      DATABASE_URL: "postgres://u@db:5432/app",
      BUSINESS_PHONE: "+44 20 7946 0000",
      BUSINESS_EMAIL: "ops@example.com",
      RATE_LIMIT_CONTACT_MAX: "50",
      TRUST_PROXY: "1",
      PUBLIC_URL: "https://skyvantage.example",
      SESSION_MAX_DAYS: "14",
      ADMIN_PROMOTE: "true",
    });
    expect(config).toMatchObject({
      production: true,
      port: 8080,
      host: "0.0.0.0",
      databaseUrl: "postgres://u@db:5432/app",
      trustProxy: 1,
      publicUrl: "https://skyvantage.example",
    });
    expect(config.site.devOutbox).toBe(false);
    expect(config.sessionMaxMs).toBe(14 * 86_400_000);
    expect(config.admin.promote).toBe(true);
    expect(config.site.businessPhone).toBe("+44 20 7946 0000");
    expect(config.rateLimits.contact).toBe(50);
  });

  it("treats an empty DATABASE_URL as unset", () => {
    expect(loadConfig({ DATABASE_URL: "" }).databaseUrl).toBeUndefined();
  });

  it.each([
    ["PORT", "eighty"],
    ["PORT", "70000"],
    ["DATABASE_URL", "mysql://db/app"],
    ["BUSINESS_EMAIL", "not-an-email"],
    ["RATE_LIMIT_CONTACT_MAX", "0"],
    ["LOG_LEVEL", "loud"],
    ["NODE_ENV", "prod"],
    ["NODE_ENV", "Production"],
    ["NODE_ENV", "staging"],
    ["TRUST_PROXY", "true"],
    ["SESSION_MAX_DAYS", "0"],
    ["ADMIN_PROMOTE", "yes"],
  ])("stops with a message naming %s when it is %j", (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });
});

describe("the base map and the address search (docs/operations.md)", () => {
  it("reads MAP_TILES_*, the older MAP_TILE_* names too (the new one winning), and GEOCODER_URL", () => {
    const config = loadConfig({
      MAP_TILES_URL: "https://tiles.example.org/{z}/{x}/{y}.png",
      MAP_TILES_ATTRIBUTION: "© Example",
      MAP_TILES_MAX_ZOOM: "18",
      MAP_TILES_SATELLITE_URL: "https://sat.example.org/{z}/{y}/{x}.jpg",
      MAP_TILES_SATELLITE_ATTRIBUTION: "© Sat",
      MAP_TILE_URL: "https://old.example.org/{z}/{x}/{y}.png",
      MAP_HOME: "30.27,-97.74,10",
      GEOCODER_URL: "https://geocode.example.org",
    });
    expect(config.site).toMatchObject({
      mapTileUrl: "https://tiles.example.org/{z}/{x}/{y}.png",
      mapTileAttribution: "© Example",
      mapTileMaxZoom: 18,
      mapSatelliteUrl: "https://sat.example.org/{z}/{y}/{x}.jpg",
      mapSatelliteAttribution: "© Sat",
      mapHome: { latitude: 30.27, longitude: -97.74, zoom: 10 },
      geocoder: true,
    });
    expect(config.geocoder).toEqual({ url: "https://geocode.example.org", timeoutMs: 3000, max: 30 });
    const old = loadConfig({ MAP_TILE_URL: "https://old.example.org/{z}/{x}/{y}.png", MAP_TILE_ATTRIBUTION: "© Old" });
    expect(old.site).toMatchObject({ mapTileUrl: "https://old.example.org/{z}/{x}/{y}.png", mapTileAttribution: "© Old", mapTileMaxZoom: 19 });
    expect(old.geocoder.url).toBe("");
  });

  it("refuses a template without {z}/{x}/{y}, a zoom past 24, a bad home and a geocoder that is not http(s), naming each", () => {
    const refused = (env: NodeJS.ProcessEnv) => {
      try {
        loadConfig(env);
      } catch (error) {
        return (error as Error).message;
      }
      return "taken";
    };
    expect(refused({ MAP_TILES_URL: "https://tiles.example.org/tile.png" })).toContain("MAP_TILES_URL: must be an http(s) URL holding {z}, {x} and {y}");
    expect(refused({ MAP_TILES_SATELLITE_URL: "ftp://sat.example.org/{z}/{x}/{y}" })).toContain("MAP_TILES_SATELLITE_URL: must be an http(s) URL");
    expect(refused({ MAP_TILES_MAX_ZOOM: "30" })).toContain("MAP_TILES_MAX_ZOOM: must be a whole number from 1 to 24");
    expect(refused({ MAP_HOME: "91,0,5" })).toContain("MAP_HOME: must be latitude,longitude,zoom");
    expect(refused({ GEOCODER_URL: "geocode.example.org" })).toContain("GEOCODER_URL: must be an http(s) URL");
    expect(refused({ GEOCODER_TIMEOUT_MS: "10000" })).toContain("GEOCODER_TIMEOUT_MS: must be a number of milliseconds from 100 to 3000");
  });
});

describe("run modes (docs/decisions/0013-run-modes.md)", () => {
  it("is development when NODE_ENV is unset, and takes only production, development and test", () => {
    expect(loadConfig({}).mode).toBe("development");
    for (const mode of ["production", "development", "test"] as const)
      expect(loadConfig({ NODE_ENV: mode, PUBLIC_URL: "https://skyvantage.example" }).mode).toBe(mode);
    expect(() => loadConfig({ NODE_ENV: "prod" })).toThrow(/NODE_ENV: must be production, development or test/);
  });

  it("needs PUBLIC_URL in production, and outside it uses where the server listens", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(/PUBLIC_URL: is needed in production/);
    expect(loadConfig({}).publicUrl).toBe("http://127.0.0.1:5000");
    expect(loadConfig({ HOST: "0.0.0.0", PORT: "8080" }).publicUrl).toBe("http://localhost:8080");
    expect(loadConfig({ HOST: "::1" }).publicUrl).toBe("http://[::1]:5000");
    expect(loadConfig({ PUBLIC_URL: "https://skyvantage.example/" })).toMatchObject({ publicUrl: "https://skyvantage.example", publicUrlConfigured: true });
    expect(loadConfig({}).publicUrlConfigured).toBe(false);
  });

  it("trusts no proxy by default, else a hop count or a list of addresses", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.5, 10.1.0.0/16,loopback" }).trustProxy).toEqual(["10.0.0.5", "10.1.0.0/16", "loopback"]);
    expect(() => loadConfig({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY: true would trust an X-Forwarded-For written by any client/);
  });

  it.each([
    ["development on 127.0.0.1 without SMTP", {}, true],
    ["development on localhost", { HOST: "localhost" }, true],
    ["development on ::1", { HOST: "::1" }, true],
    ["development on a network address", { HOST: "0.0.0.0" }, false],
    ["development on a LAN address", { HOST: "192.168.1.20" }, false],
    ["development with SMTP", { SMTP_URL: "smtp://127.0.0.1:2525" }, false],
    ["production on loopback", { NODE_ENV: "production", PUBLIC_URL: "https://skyvantage.example" }, false],
  ])("answers the reset link itself only on loopback without SMTP outside production: %s", (_case, env, inAnswer) => {
    expect(loadConfig(env).resetLinkInAnswer).toBe(inAnswer);
  });

  it("marks cookies Secure in production only, on any address", () => {
    expect(loadConfig({ HOST: "0.0.0.0" }).secureCookies).toBe(false);
    expect(loadConfig({ NODE_ENV: "test" }).secureCookies).toBe(false);
    expect(loadConfig({ NODE_ENV: "production", PUBLIC_URL: "https://skyvantage.example" }).secureCookies).toBe(true);
  });

  it("ends sessions after 30 days by default", () => {
    expect(loadConfig({}).sessionMaxMs).toBe(30 * 86_400_000);
  });

  it("sets a thermal finding's severity from ΔT at 10 and 20 °C by default, or the thresholds it is given when critical is above moderate", () => {
    expect(loadConfig({}).findingThresholds).toEqual({ moderate: 10, critical: 20 });
    expect(loadConfig({ FINDINGS_DELTA_T_MODERATE: "8", FINDINGS_DELTA_T_CRITICAL: "15.5" }).findingThresholds).toEqual({ moderate: 8, critical: 15.5 });
    expect(() => loadConfig({ FINDINGS_DELTA_T_CRITICAL: "10" })).toThrow(/FINDINGS_DELTA_T_CRITICAL: must be above FINDINGS_DELTA_T_MODERATE/);
    expect(() => loadConfig({ FINDINGS_DELTA_T_MODERATE: "warm" })).toThrow(/FINDINGS_DELTA_T_MODERATE/);
    expect(loadConfig({}).detectionMinDeltaT).toBe(3);
    expect(loadConfig({ FINDINGS_DELTA_T_MINOR: "2.5" }).detectionMinDeltaT).toBe(2.5);
    expect(() => loadConfig({ FINDINGS_DELTA_T_MINOR: "10" })).toThrow(/FINDINGS_DELTA_T_MINOR: must be below FINDINGS_DELTA_T_MODERATE/);
  });
});

describe("the business's address and logo on documents (docs/decisions/0024-pdf-documents.md)", () => {
  let dir: string, png: Buffer, jpeg: Buffer;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "skyvantage-logo-"));
    const image = sharp({ create: { width: 320, height: 96, channels: 3, background: "#0b4f8a" } });
    png = await image.clone().png().toBuffer();
    jpeg = await image.clone().jpeg().toBuffer();
    writeFileSync(path.join(dir, "logo.png"), png);
    writeFileSync(path.join(dir, "logo.jpg"), jpeg);
    writeFileSync(path.join(dir, "logo.txt"), "SkyVantage");
    // A PNG's first bytes, then more than the 1 MB a logo may weigh.
    writeFileSync(path.join(dir, "huge.png"), Buffer.concat([png.subarray(0, 16), Buffer.alloc(1_100_000)]));
    mkdirSync(path.join(dir, "folder.png"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("reads TAX_RATE as basis points and BUSINESS_TIME_ZONE as a zone, refusing what is neither", () => {
    expect(loadConfig({ TAX_RATE: "8.25", BUSINESS_TIME_ZONE: "America/Chicago" }).business).toMatchObject({
      taxRateBasisPoints: 825,
      timeZone: "America/Chicago",
    });
    expect(loadConfig({ TAX_RATE: "100" }).business.taxRateBasisPoints).toBe(10_000);
    for (const rate of ["-1", "8.255", "101", "eight"]) expect(() => loadConfig({ TAX_RATE: rate }), rate).toThrow(/TAX_RATE/);
    expect(() => loadConfig({ BUSINESS_TIME_ZONE: "Mars/Olympus" })).toThrow(/BUSINESS_TIME_ZONE/);
  });

  it("has neither by default", () => {
    expect(loadConfig({}).business).toEqual({ address: [], logo: undefined, taxRateBasisPoints: 0, timeZone: "UTC", fixed: {} });
  });

  it("names the business settings an environment variable fixes, which the back office then shows read-only", () => {
    const config = loadConfig({ BUSINESS_NAME: "Aerial Ops", TAX_RATE: "19", SMTP_URL: "smtp://127.0.0.1:2525", BUSINESS_ADDRESS: "" });
    expect(config.business.fixed).toEqual({ businessName: "BUSINESS_NAME", taxRatePercent: "TAX_RATE", mail: "SMTP_URL" });
  });

  it("splits the address into lines at new lines or a written \\n", () => {
    expect(loadConfig({ BUSINESS_ADDRESS: "12 Hangar Road, Suite 4\nAustin, TX 78701" }).business.address).toEqual([
      "12 Hangar Road, Suite 4",
      "Austin, TX 78701",
    ]);
    expect(loadConfig({ BUSINESS_ADDRESS: " 12 Hangar Road \\n\\n Austin, TX 78701 " }).business.address).toEqual(["12 Hangar Road", "Austin, TX 78701"]);
    expect(loadConfig({ BUSINESS_ADDRESS: "  " }).business.address).toEqual([]);
  });

  it("reads a PNG or JPEG logo once, at start", () => {
    expect(loadConfig({ BUSINESS_LOGO_PATH: path.join(dir, "logo.png") }).business.logo).toEqual(png);
    expect(loadConfig({ BUSINESS_LOGO_PATH: path.join(dir, "logo.jpg") }).business.logo).toEqual(jpeg);
    expect(loadConfig({ BUSINESS_LOGO_PATH: "" }).business.logo).toBeUndefined();
  });

  it.each([
    ["a missing file", "missing.png", /BUSINESS_LOGO_PATH: cannot be read: .*missing\.png \(there is no such file\)/],
    ["a folder", "folder.png", /BUSINESS_LOGO_PATH: cannot be read: .*folder\.png \(it is a folder\)/],
    ["a file that is not an image", "logo.txt", /BUSINESS_LOGO_PATH: must be a PNG or JPEG image: .*logo\.txt is neither/],
    ["an image over 1 MB", "huge.png", /BUSINESS_LOGO_PATH: must be at most 1 MB \(it goes into every document\): .*huge\.png is 1\.1 MB/],
  ])("stops start-up naming BUSINESS_LOGO_PATH for %s", (_case, file, message) => {
    expect(() => loadConfig({ BUSINESS_LOGO_PATH: path.join(dir, file) })).toThrow(ConfigError);
    expect(() => loadConfig({ BUSINESS_LOGO_PATH: path.join(dir, file) })).toThrow(message);
  });
});
