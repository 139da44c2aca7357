import { z } from "zod";
import { checkBrandColor, HEX_COLOR } from "./brand";
import { isTimeZone } from "./calendar-date";
import { isTileTemplate, isWmtsCapabilitiesUrl, TILE_TEMPLATE_EXAMPLE } from "./map-tiles";
import type { SettingKey, SettingsValues } from "./contract/settings";
import { SITE_DEFAULTS } from "./site";

// The business's own settings as the back office edits them (docs/decisions/0055-business-settings.md):
// what the owner sets on day one, each value stored in the database and read at use, so a change takes
// effect on every instance without a restart. An environment variable that sets one wins over the
// stored value, and the screen says so.

/** ISO 4217 codes the payment providers and Intl both know; a code Intl cannot format is refused. */
function isCurrencyCode(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  try {
    return Intl.supportedValuesOf("currency").includes(code);
  } catch {
    return false;
  }
}

/** SPEC's values: a fresh install shows SPEC's screens word for word. */
export const SETTINGS_DEFAULTS = {
  businessName: SITE_DEFAULTS.businessName,
  legalName: "",
  phone: SITE_DEFAULTS.businessPhone,
  email: SITE_DEFAULTS.businessEmail,
  address: [] as string[],
  taxNumber: "",
  timeZone: "UTC",
  currency: "USD",
  taxRatePercent: 0,
  taxLabel: "Tax",
  paymentTerms: "",
  bankDetails: "",
  demoVideoUrl: SITE_DEFAULTS.demoVideoUrl,
  notifyEmail: "",
  primaryColor: null as string | null,
  accentColor: null as string | null,
  mapTilesUrl: "",
  mapTilesAttribution: "",
  mapSatelliteUrl: "",
  mapSatelliteAttribution: "",
  geocoderUrl: "",
} satisfies Omit<SettingsValues, "mail" | "logoUrl">;

export const settingsMessages = {
  currencyLocked: "The currency cannot change once money has moved: estimates, invoices and payments already issued stay in their currency",
  fixed: (variable: string) => `is set by the environment variable ${variable}; change it there`,
} as const;

const line = (label: string, max: number) => z.string().trim().max(max, `${label} is at most ${max} characters`);
const email = (label: string) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ message: `${label} must be an e-mail address` }));

/**
 * A setting the owner may leave empty: null puts SPEC's default back (docs/decisions/0060-settings-start-empty.md).
 * The business's name, phone and e-mail have none to go back to: SPEC's are another business's.
 */
const orDefault = <Rule extends z.ZodType>(rule: Rule) => rule.nullable();

/** A brand colour: "#rrggbb" that both themes can draw as text and as a button under its label (common/brand.ts). */
const brandColor = (label: string) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .regex(HEX_COLOR, `${label} must be a colour written #rrggbb, such as #0e7490`)
    .superRefine((color, context) => {
      const checked = checkBrandColor(color);
      if (!checked.ok) context.addIssue({ code: "custom", message: checked.message });
    });

/** A base map's tile address (XYZ, or a WMTS service's capabilities, read when saved: server/map-layers/wmts.ts), or "" for none. */
const tileTemplate = (label: string) =>
  z.union([
    z.literal(""),
    z
      .string()
      .trim()
      .refine(
        (value) => isTileTemplate(value) || isWmtsCapabilitiesUrl(value),
        `${label} must be an http(s) address holding {z}, {x} and {y}, such as ${TILE_TEMPLATE_EXAMPLE}, or a WMTS service's capabilities (…/WMTSCapabilities.xml)`,
      ),
  ]);

/** The most a logo upload may weigh before it is made into the site's and the documents' sizes. */
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;

/** PATCH /api/admin/settings: any of these; a value left out stays. */
export const settingsPatchSchema = z
  .object({
    businessName: line("The business name", 80).min(1, "The business name is required"),
    legalName: line("The legal name", 120),
    phone: line("The phone", 40).min(1, "The phone is required"),
    email: email("The e-mail"),
    address: z.array(line("An address line", 120)).max(6, "The address has at most 6 lines"),
    taxNumber: line("The tax number", 60),
    timeZone: z.string().trim().refine(isTimeZone, "The time zone must be one such as America/Chicago or Europe/Berlin"),
    currency: z.string().trim().toUpperCase().refine(isCurrencyCode, "The currency must be an ISO 4217 code such as USD, EUR or GBP"),
    taxRatePercent: orDefault(
      z
        .number({ message: "The tax rate must be a number of percent" })
        .min(0, "The tax rate is from 0 to 100 %")
        .max(100, "The tax rate is from 0 to 100 %")
        .refine((value) => Math.round(value * 100) / 100 === value, "The tax rate has at most 2 decimals (8.25)"),
    ),
    taxLabel: orDefault(line("The tax label", 20).min(1, "The tax label is required (Tax, VAT, GST)")),
    paymentTerms: line("The payment terms", 500),
    bankDetails: line("The bank details", 500),
    demoVideoUrl: orDefault(z.url({ protocol: /^https?$/, message: "The demo video link must be an http(s) address" })),
    notifyEmail: z.union([z.literal(""), email("The address for the business's mail")]),
    primaryColor: orDefault(brandColor("The primary colour")),
    accentColor: orDefault(brandColor("The accent colour")),
    mapTilesUrl: tileTemplate("The base map's tile address"),
    mapTilesAttribution: line("The base map's credit", 200),
    mapSatelliteUrl: tileTemplate("The satellite tiles' address"),
    mapSatelliteAttribution: line("The satellite tiles' credit", 200),
    geocoderUrl: z.union([
      z.literal(""),
      z.url({
        protocol: /^https?$/,
        message: "The address search must be an http(s) address of a Nominatim-compatible service, such as https://nominatim.openstreetmap.org",
      }),
    ]),
    /** Null: no mail server of the back office's; SMTP_URL's is used, else the development transport, which logs. */
    mail: z
      .object({
        host: line("The mail server", 255).min(1, "The mail server's host is required"),
        port: z
          .number({ message: "The port must be a number" })
          .int("The port must be a whole number")
          .min(1, "The port is from 1 to 65535")
          .max(65_535, "The port is from 1 to 65535"),
        secure: z.boolean(),
        user: line("The mail user", 255),
        /** Absent: the stored password stays; "": no password. */
        password: z.string().max(500, "The password is at most 500 characters").optional(),
        from: line("The from-address", 255).min(3, "The from-address is required (Name <address@example.com>)"),
      })
      .nullable(),
    setupDone: z.boolean(),
  })
  .partial()
  .strict();
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;

/** Whether a field left empty is sent as null (SPEC's default again) rather than refused: what the setting's rule above says. */
export const emptyMeansDefault = (setting: Exclude<SettingKey, "mail">): boolean => settingsPatchSchema.shape[setting].safeParse(null).success;

export const testMailSchema = z.object({ to: email("The address") }).strict();
