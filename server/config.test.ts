import path from "node:path";
import { describe, expect, it } from "vitest";
import { SITE_DEFAULTS } from "@common/site";
import { ConfigError, loadConfig } from "./config";

describe("loadConfig", () => {
  it("runs with nothing configured: port 5000 on 127.0.0.1, data in ./data, PGlite", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 5000, host: "127.0.0.1", dataDir: path.resolve("data"), databaseUrl: undefined, production: false });
    expect(config.uploadsDir).toBe(path.resolve("data/uploads"));
    expect(config.site).toEqual(SITE_DEFAULTS);
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
      TRUST_PROXY: "true",
    });
    expect(config).toMatchObject({ production: true, port: 8080, host: "0.0.0.0", databaseUrl: "postgres://u@db:5432/app", trustProxy: true });
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
  ])("stops with a message naming %s when it is %j", (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });
});
