import { z } from "zod";
import { SOCIAL_NETWORKS } from "../site-content";
import { successMessageOf, successOf } from "./wire";

/** The outgoing mail server as the settings show it: never its password, only whether one is stored. */
const mailServerViewSchema = z.object({
  host: z.string(),
  port: z.number().int(),
  /** TLS from the first byte (port 465); false is STARTTLS when the server offers it (587, 25). */
  secure: z.boolean(),
  user: z.string(),
  from: z.string(),
  passwordSet: z.boolean(),
});
export type MailServerView = z.input<typeof mailServerViewSchema>;

/** Every setting as it is in effect: an environment variable's value, else the stored one, else SPEC's default. */
const settingsValuesSchema = z.object({
  businessName: z.string(),
  legalName: z.string(),
  phone: z.string(),
  email: z.string(),
  /** The postal address, one entry per line. */
  address: z.array(z.string()),
  taxNumber: z.string(),
  timeZone: z.string(),
  /** ISO 4217, upper case: every new estimate, invoice and card payment is in it. */
  currency: z.string(),
  /** 19 or 8.25: a percent with at most 2 decimals. */
  taxRatePercent: z.number(),
  taxLabel: z.string(),
  paymentTerms: z.string(),
  bankDetails: z.string(),
  demoVideoUrl: z.string(),
  /** Where the business hears of new requests, acceptances, payments and messages; empty: every admin's own address. */
  notifyEmail: z.string(),
  /** The brand's colours, "#rrggbb", as typed; null: the theme's own (docs/decisions/0063-brand-colours.md). */
  primaryColor: z.string().nullable(),
  accentColor: z.string().nullable(),
  /** The base map's XYZ tile address ({z}/{x}/{y}); empty: the maps draw on a neutral ground (docs/decisions/0070-base-map-and-geocoder.md). */
  mapTilesUrl: z.string(),
  /** The credit the provider asks for, shown on every map and under the report's. */
  mapTilesAttribution: z.string(),
  /** A satellite style beside the street one; empty: none to switch to. */
  mapSatelliteUrl: z.string(),
  mapSatelliteAttribution: z.string(),
  /** The Nominatim-compatible address search; empty: the maps have no search box. */
  geocoderUrl: z.string(),
  /** Null until a mail server is set here or by SMTP_URL. */
  mail: mailServerViewSchema.nullable(),
  /** The logo's address in the site's size, or null when none was uploaded. */
  logoUrl: z.string().nullable(),
});
export type SettingsValues = z.input<typeof settingsValuesSchema>;
const settingKeySchema = settingsValuesSchema.keyof().exclude(["logoUrl"]);
export type SettingKey = z.input<typeof settingKeySchema>;

const settingsViewSchema = z.object({
  values: settingsValuesSchema,
  /** Setting → the environment variable that fixes it: the screen shows those read-only. */
  fixed: z.record(z.string(), z.string()),
  /** Whether money has moved (an estimate sent, an invoice issued or a payment taken): the currency then stays. */
  currencyLocked: z.boolean(),
  /** Whether the first-run setup was finished or skipped. */
  setupDone: z.boolean(),
  /**
   * The settings the back office has saved. Any other is SPEC's default (unless `fixed` names it),
   * which the site shows and the fields leave empty for the owner to fill (docs/decisions/0060-settings-start-empty.md).
   */
  saved: z.array(settingKeySchema),
});
export type SettingsView = z.input<typeof settingsViewSchema>;

/** GET /api/admin/settings. */
export const settingsAnswerSchema = successOf(settingsViewSchema);
/** PATCH /api/admin/settings, POST /api/admin/settings/logo: the toast's message and the settings as saved. */
export const settingsSavedSchema = successMessageOf(settingsViewSchema);

/** POST /api/admin/settings/test-mail: the mail server's own words, whether it took the mail or refused it. */
const testMailResultSchema = z.object({ delivered: z.boolean(), answer: z.string() });
export type TestMailResult = z.input<typeof testMailResultSchema>;
export const testMailAnswerSchema = successOf(testMailResultSchema);

/** GET /api/site: what the public pages and the client need of the business. */
const siteInfoSchema = z.object({
  businessName: z.string(),
  phone: z.string(),
  email: z.string(),
  address: z.array(z.string()),
  logoUrl: z.string().nullable(),
  currency: z.string(),
  socialLinks: z.array(z.object({ network: z.enum(SOCIAL_NETWORKS), url: z.string() })),
});
export type SiteInfo = z.input<typeof siteInfoSchema>;
export const siteInfoAnswerSchema = successOf(siteInfoSchema);
