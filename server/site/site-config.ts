import type { Config } from "../config";
import { logoUrlOf } from "../settings/logo";
import type { SettingsStore } from "../settings/settings-store";
import type { SiteNow } from "./render-pages";

/**
 * What the pages carry of the business (common/site.ts's SiteConfig): its settings now (the base
 * map's tiles and the address search among them), the deployment's own (the Outbox, the map's home), its social profiles (the site content's links), with the
 * settings' version they come from (docs/decisions/0055-business-settings.md).
 */
export function siteNowFrom(
  config: Pick<Config, "site">,
  settings: Pick<SettingsStore, "read">,
  socialLinks: () => Promise<string[]> = async () => [],
): () => Promise<SiteNow> {
  return async () => {
    const [current, links] = await Promise.all([settings.read(), socialLinks()]);
    return {
      settingsVersion: current.version,
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
        socialLinks: links,
        primaryColor: current.primaryColor,
        accentColor: current.accentColor,
        mapTileUrl: current.mapTilesUrl,
        mapTileAttribution: current.mapTilesAttribution,
        mapSatelliteUrl: current.mapSatelliteUrl,
        mapSatelliteAttribution: current.mapSatelliteAttribution,
        geocoder: current.geocoderUrl !== "",
      },
    };
  };
}
