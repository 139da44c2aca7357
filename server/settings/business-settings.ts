import { brandShade, PAPER_THEME } from "@common/brand";
import type { Config } from "../config";
import type { Database } from "../db/client";
import type { MailSite } from "../mail/notice";
import { secretBox, secretKeyOf } from "./secret-box";
import { createSettingsStore, type SettingsStore } from "./settings-store";

/**
 * The business's settings for one process: its store (with the key of the secrets), what mails read
 * of it, and that key, which also signs the pages' preview links (server/site-pages/preview-token.ts).
 */
export interface ProcessSettings {
  store: SettingsStore;
  site: MailSite;
  secretKey: Buffer;
}

/** Made once per process, where its web server or worker is wired, and handed to the routes and the task context alike. */
export function businessSettingsFor(config: Config, db: Database): ProcessSettings {
  const secretKey = secretKeyOf(config.settingsSecretKey, config.dataDir);
  const store = createSettingsStore({ db, config, box: secretBox(secretKey) });
  const site: MailSite = {
    publicUrl: config.publicUrl,
    business: async () => {
      const settings = await store.read();
      return {
        name: settings.businessName,
        email: settings.email,
        notifyEmail: settings.notifyEmail,
        brandColor: brandShade(settings.primaryColor, PAPER_THEME)?.color ?? null,
      };
    },
  };
  return { store, site, secretKey };
}
