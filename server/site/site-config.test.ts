import { describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { type BusinessSettings, environmentSettings } from "../settings/settings-store";
import { siteConfigSource } from "./site-config";

/** A store whose saves the test makes: it counts the whole rows read. */
function countingStore() {
  const config = loadConfig({});
  let saved: BusinessSettings = environmentSettings(config);
  const store = {
    rowsRead: 0,
    version: async () => saved.version,
    read: async () => {
      store.rowsRead++;
      return saved;
    },
    save: (changes: Partial<BusinessSettings>) => {
      saved = { ...saved, ...changes, version: saved.version + 1 };
    },
  };
  return { config, store };
}

describe("the site configuration of the pages", () => {
  it("reads the whole settings row only when their version is not the one it last made", async () => {
    const { config, store } = countingStore();
    const site = siteConfigSource(config, store, { version: async () => 0, read: async () => null });
    const first = await site();
    expect(first).toMatchObject({ version: 0, site: { businessName: "SkyVantage" } });
    expect(await site()).toEqual(first);
    expect(store.rowsRead).toBe(1);

    store.save({ businessName: "Prairie Drone Works", phone: "+1 (555) 010-2030" });
    expect(await site()).toMatchObject({ version: 1, site: { businessName: "Prairie Drone Works", businessPhone: "+1 (555) 010-2030" } });
    expect(await site()).toMatchObject({ version: 1 });
    expect(store.rowsRead).toBe(2);
  });
});
