import { describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { environmentSettings } from "../settings/settings-store";
import { siteNowFrom } from "./site-config";

describe("the site configuration of the pages", () => {
  it("carries the brand's colours, null while the themes' own are used", async () => {
    const config = loadConfig({});
    const settings = environmentSettings(config);
    expect((await siteNowFrom(config, { read: async () => settings })()).site).toMatchObject({ primaryColor: null, accentColor: null });
    const branded = { ...settings, primaryColor: "#0055aa", version: 1 };
    expect((await siteNowFrom(config, { read: async () => branded })()).site).toMatchObject({ primaryColor: "#0055aa", accentColor: null });
  });
});
