import { eq, sql } from "drizzle-orm";
import type { MailServerView, SettingKey, SettingsValues, SettingsView } from "@common/contract/settings";
import { SETTINGS_DEFAULTS, type SettingsPatch, settingsMessages, settingsPatchSchema } from "@common/settings";
import { type Config, mapServicesUserAgent } from "../config";
import type { Database } from "../db/client";
import type { MailServer } from "../mail/mailer";
import { businessSettings, estimates, invoices, payments } from "../db/schema";
import { DomainError } from "../domain-errors";
import type { SecretBox } from "./secret-box";
import { tileTemplateOf, WmtsUnreadable } from "./wmts";

/**
 * The business's settings in effect, as the server uses them: an environment variable's value where
 * one is set, else the value saved in the back office, else SPEC's default. Read from the database at
 * each use (one row), so a save on one instance is what every instance uses next.
 */
export interface BusinessSettings extends Omit<SettingsValues, "mail" | "logoUrl" | "taxRatePercent"> {
  /** The tax rate in basis points (1900 is 19 %). */
  taxRateBasisPoints: number;
  mail: MailServer | null;
  /** The uploaded logo's hash, or null; BUSINESS_LOGO_PATH's logo is config.business.logo. */
  logoVersion: string | null;
  setupDone: boolean;
  /** Counts the saves: what is made from the settings (the prerendered pages) names the version it was made with. */
  version: number;
}

export interface SettingsStore {
  read(): Promise<BusinessSettings>;
  /** The saves counted so far (0 before the first): one small column by primary key, for what keeps a copy made from a version. */
  version(): Promise<number>;
  /** What GET /api/admin/settings answers: no secret, which values the environment fixes, whether the currency may change. */
  view(logoUrl: (version: string) => string): Promise<SettingsView>;
  /** Saves what the patch holds; refuses a value the environment fixes and a new currency once money has moved. */
  update(patch: SettingsPatch, by: number): Promise<void>;
  /** Records a new logo's version (the logo's own row is written by server/settings/logo.ts in the same transaction). */
  bumpLogo(tx: Pick<Database, "insert">, version: string, by: number): Promise<void>;
}

type StoredValues = Partial<Record<SettingKey | "setupDone" | "logoVersion", unknown>>;

const fieldSchemas = settingsPatchSchema.shape;

/** A stored value read back through its own rule: one that no longer passes (a rule got stricter) falls back to the default. */
function storedValue<K extends keyof typeof fieldSchemas>(stored: StoredValues, key: K) {
  if (!(key in stored)) return undefined;
  const parsed = fieldSchemas[key].safeParse(stored[key]);
  return parsed.success ? parsed.data : undefined;
}

type EnvironmentSide = Pick<Config, "site" | "business" | "mail" | "geocoder" | "publicUrl">;

function environmentValues(config: EnvironmentSide) {
  return {
    businessName: config.site.businessName,
    phone: config.site.businessPhone,
    email: config.site.businessEmail,
    address: config.business.address,
    timeZone: config.business.timeZone,
    taxRatePercent: config.business.taxRateBasisPoints / 100,
    demoVideoUrl: config.site.demoVideoUrl,
    mapTilesUrl: config.site.mapTileUrl,
    mapTilesAttribution: config.site.mapTileAttribution,
    mapSatelliteUrl: config.site.mapSatelliteUrl,
    mapSatelliteAttribution: config.site.mapSatelliteAttribution,
    geocoderUrl: config.geocoder.url,
  };
}

/** The tile settings a WMTS service's capabilities address may be given for. */
const TILE_SETTINGS = { mapTilesUrl: "The base map's tile address", mapSatelliteUrl: "The satellite tiles' address" } as const;

/**
 * The patch with each WMTS capabilities address replaced by the XYZ template of the service's Web
 * Mercator tiles (server/settings/wmts.ts), read once here; a service that gives none is refused, naming the field.
 */
async function withWmtsRead(patch: SettingsPatch, userAgent: string): Promise<SettingsPatch> {
  const read = { ...patch };
  for (const [key, label] of Object.entries(TILE_SETTINGS) as [keyof typeof TILE_SETTINGS, string][]) {
    const value = patch[key];
    if (!value) continue;
    try {
      read[key] = await tileTemplateOf(value, userAgent);
    } catch (error) {
      if (!(error instanceof WmtsUnreadable)) throw error;
      const message = `${label} names a WMTS service that gives no base map: ${error.message}`;
      throw new DomainError("invalid", message, { [key]: message });
    }
  }
  return read;
}

/** The settings the row holds a valid value of: the back office has saved them. */
const savedSettings = (stored: StoredValues): SettingKey[] =>
  ([...Object.keys(SETTINGS_DEFAULTS), "mail"] as SettingKey[]).filter((key) => storedValue(stored, key) != null);

/** SMTP_URL's parts as the screen shows them (the password never). */
function mailViewOfUrl(url: string, from: string): MailServerView {
  const parsed = new URL(url);
  const secure = parsed.protocol === "smtps:";
  return {
    host: parsed.hostname,
    port: Number(parsed.port) || (secure ? 465 : 587),
    secure,
    user: decodeURIComponent(parsed.username),
    from,
    passwordSet: parsed.password !== "",
  };
}

/** The settings in effect: an environment variable's value where one is set, else the stored value, else SPEC's default. */
function effectiveSettings(
  config: EnvironmentSide,
  box: SecretBox | undefined,
  stored: StoredValues,
  secrets: Record<string, string>,
  version: number,
): BusinessSettings {
  const fixed = config.business.fixed;
  const fromEnvironment = environmentValues(config);
  const pick = <K extends keyof typeof SETTINGS_DEFAULTS>(key: K): (typeof SETTINGS_DEFAULTS)[K] => {
    if (fixed[key] !== undefined && key in fromEnvironment) return fromEnvironment[key as keyof typeof fromEnvironment] as (typeof SETTINGS_DEFAULTS)[K];
    return (storedValue(stored, key) as (typeof SETTINGS_DEFAULTS)[K] | undefined) ?? SETTINGS_DEFAULTS[key];
  };
  let mail: MailServer | null = null;
  if (config.mail.smtpUrl) mail = { url: config.mail.smtpUrl, from: config.mail.from };
  else {
    const server = storedValue(stored, "mail");
    if (server) mail = { ...server, password: secrets.mailPassword ? (box?.open(secrets.mailPassword) ?? "") : "" };
  }
  return {
    businessName: pick("businessName"),
    legalName: pick("legalName"),
    phone: pick("phone"),
    email: pick("email"),
    address: pick("address"),
    taxNumber: pick("taxNumber"),
    timeZone: pick("timeZone"),
    currency: pick("currency"),
    taxRateBasisPoints: Math.round(pick("taxRatePercent") * 100),
    taxLabel: pick("taxLabel"),
    paymentTerms: pick("paymentTerms"),
    bankDetails: pick("bankDetails"),
    demoVideoUrl: pick("demoVideoUrl"),
    notifyEmail: pick("notifyEmail"),
    primaryColor: pick("primaryColor"),
    accentColor: pick("accentColor"),
    mapTilesUrl: pick("mapTilesUrl"),
    mapTilesAttribution: pick("mapTilesAttribution"),
    mapSatelliteUrl: pick("mapSatelliteUrl"),
    mapSatelliteAttribution: pick("mapSatelliteAttribution"),
    geocoderUrl: pick("geocoderUrl"),
    mail,
    logoVersion: typeof stored.logoVersion === "string" ? stored.logoVersion : null,
    setupDone: stored.setupDone === true,
    version,
  };
}

/** The settings as the environment alone makes them (nothing saved yet): documents drawn in tests and tools. */
export const environmentSettings = (config: EnvironmentSide): BusinessSettings => effectiveSettings(config, undefined, {}, {}, 0);

export function createSettingsStore({ db, config, box }: { db: Database; config: EnvironmentSide; box: SecretBox }): SettingsStore {
  const fixed = config.business.fixed;

  const row = async () => {
    const [found] = await db
      .select({ values: businessSettings.values, secrets: businessSettings.secrets, version: businessSettings.version })
      .from(businessSettings)
      .where(eq(businessSettings.id, 1));
    return { values: (found?.values ?? {}) as StoredValues, secrets: found?.secrets ?? {}, version: found?.version ?? 0 };
  };

  // Inside a save, asked through its transaction: PGlite has one connection, which the open
  // transaction holds, so a query beside it would wait for the transaction's end, for ever.
  const moneyHasMoved = async (reader: Pick<Database, "select"> = db) => {
    const [answer] = await reader
      .select({
        moved: sql<boolean>`exists (select 1 from ${estimates}) or exists (select 1 from ${invoices}) or exists (select 1 from ${payments})`,
      })
      .from(sql`(select 1) as one`);
    return answer?.moved === true;
  };

  return {
    async read() {
      const { values, secrets, version } = await row();
      return effectiveSettings(config, box, values, secrets, version);
    },

    async version() {
      const [found] = await db.select({ version: businessSettings.version }).from(businessSettings).where(eq(businessSettings.id, 1));
      return found?.version ?? 0;
    },

    async view(logoUrl) {
      const { values, secrets, version } = await row();
      const settings = effectiveSettings(config, box, values, secrets, version);
      const storedMail = storedValue(values, "mail");
      const mail: MailServerView | null = config.mail.smtpUrl
        ? mailViewOfUrl(config.mail.smtpUrl, config.mail.from)
        : storedMail
          ? {
              host: storedMail.host,
              port: storedMail.port,
              secure: storedMail.secure,
              user: storedMail.user,
              from: storedMail.from,
              passwordSet: secrets.mailPassword !== undefined && box.open(secrets.mailPassword) !== null,
            }
          : null;
      const { taxRateBasisPoints, logoVersion, setupDone, version: _version, mail: _mail, ...rest } = settings;
      return {
        values: { ...rest, taxRatePercent: taxRateBasisPoints / 100, mail, logoUrl: logoVersion ? logoUrl(logoVersion) : null },
        fixed,
        currencyLocked: await moneyHasMoved(),
        setupDone,
        saved: savedSettings(values),
      };
    },

    async update(given, by) {
      const errors: Record<string, string> = {};
      for (const key of Object.keys(given) as (keyof SettingsPatch)[]) {
        const variable = key === "setupDone" ? undefined : fixed[key];
        if (variable) errors[key] = settingsMessages.fixed(variable);
      }
      if (Object.keys(errors).length > 0) throw new DomainError("invalid", Object.values(errors)[0]!, errors);
      const patch = await withWmtsRead(given, mapServicesUserAgent(config.publicUrl));
      await db.transaction(async (tx) => {
        const [locked] = await tx
          .select({ values: businessSettings.values, secrets: businessSettings.secrets })
          .from(businessSettings)
          .where(eq(businessSettings.id, 1))
          .for("update");
        const values = (locked?.values ?? {}) as StoredValues;
        const secrets = locked?.secrets ?? {};
        if (patch.currency !== undefined && patch.currency !== (storedValue(values, "currency") ?? SETTINGS_DEFAULTS.currency) && (await moneyHasMoved(tx))) {
          throw new DomainError("conflict", settingsMessages.currencyLocked, { currency: settingsMessages.currencyLocked });
        }
        const nextValues: StoredValues = { ...values };
        const nextSecrets = { ...secrets };
        // Null puts SPEC's default back: the value goes from the row.
        for (const [key, value] of Object.entries(patch) as [keyof SettingsPatch, unknown][]) {
          if (key === "mail") continue;
          if (value === null) delete nextValues[key];
          else nextValues[key] = value;
        }
        if (patch.mail === null) {
          delete nextValues.mail;
          delete nextSecrets.mailPassword;
        } else if (patch.mail) {
          const { password, ...server } = patch.mail;
          nextValues.mail = server;
          if (password === "") delete nextSecrets.mailPassword;
          else if (password !== undefined) nextSecrets.mailPassword = box.seal(password);
        }
        await upsert(tx, { values: nextValues, secrets: nextSecrets }, by);
      });
    },

    async bumpLogo(tx, version, by) {
      await tx
        .insert(businessSettings)
        .values({ id: 1, values: { logoVersion: version }, version: 1, updatedBy: by })
        .onConflictDoUpdate({
          target: businessSettings.id,
          set: {
            values: sql`${businessSettings.values} || ${JSON.stringify({ logoVersion: version })}::jsonb`,
            version: sql`${businessSettings.version} + 1`,
            updatedBy: by,
          },
        });
    },
  };
}

async function upsert(db: Pick<Database, "insert">, next: { values: StoredValues; secrets: Record<string, string> }, by: number): Promise<void> {
  await db
    .insert(businessSettings)
    .values({ id: 1, values: next.values, secrets: next.secrets, version: 1, updatedBy: by })
    .onConflictDoUpdate({
      target: businessSettings.id,
      set: { values: next.values, secrets: next.secrets, version: sql`${businessSettings.version} + 1`, updatedBy: by },
    });
}
