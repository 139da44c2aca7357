import type { Config } from "../config";
import { logoUrlOf } from "../settings/logo";
import type { SettingsStore } from "../settings/settings-store";
import type { VersionedSite } from "./prerendered-pages";

/**
 * What the pages carry of the business (common/site.ts's SiteConfig): its settings now, and the
 * deployment's own (tiles, the Outbox). Each call asks the database for the settings' version
 * alone, and reads the whole row again only when that version is not the one last made into a
 * site configuration here: a save on any instance counts a new version, so every instance shows it
 * on its next page (docs/decisions/0055-business-settings.md).
 */
export function siteConfigSource(config: Pick<Config, "site">, settings: Pick<SettingsStore, "read" | "version">): () => Promise<VersionedSite> {
  let last: VersionedSite | undefined;
  return async () => {
    const version = await settings.version();
    if (last?.version === version) return last;
    const current = await settings.read();
    const made: VersionedSite = {
      version: current.version,
      site: {
        ...config.site,
        businessName: current.businessName,
        businessPhone: current.phone,
        businessEmail: current.email,
        demoVideoUrl: current.demoVideoUrl,
        businessTimeZone: current.timeZone,
        businessAddress: current.address,
        logoUrl: current.logoVersion ? logoUrlOf(current.logoVersion) : null,
        currency: current.currency,
      },
    };
    last = made;
    return made;
  };
}
