import type { PublishedPages } from "@common/published-pages";
import type { Config } from "../config";
import { logoUrlOf } from "../settings/logo";
import type { SettingsStore } from "../settings/settings-store";
import type { VersionedSite } from "./prerendered-pages";

/**
 * What the pages carry of the business (common/site.ts's SiteConfig): its settings now, and the
 * deployment's own (tiles, the Outbox). Each call asks the database for the settings' version
 * alone, and reads the whole row again only when that version is not the one last made into a
 * site configuration here: a save on any instance counts a new version, so every instance shows it
 * on its next page (docs/decisions/0055-business-settings.md). The published page documents go the
 * same way, by the count of publishes (docs/decisions/0061-site-pages.md).
 */
export function siteConfigSource(
  config: Pick<Config, "site">,
  settings: Pick<SettingsStore, "read" | "version">,
  pages: { version(): Promise<number>; read(): Promise<PublishedPages | null> },
): () => Promise<VersionedSite> {
  let last: (VersionedSite & { settingsVersion: number; pagesVersion: number }) | undefined;
  return async () => {
    const [settingsVersion, pagesVersion] = await Promise.all([settings.version(), pages.version()]);
    if (last?.settingsVersion === settingsVersion && last.pagesVersion === pagesVersion) return last;
    // What changed is read again; a page being published while it is read is counted by the next call.
    const current = await settings.read();
    const published = last?.pagesVersion === pagesVersion ? last.pages : await pages.read();
    const made = {
      settingsVersion: current.version,
      pagesVersion,
      version: current.version + pagesVersion,
      pages: published,
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
