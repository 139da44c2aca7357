import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { isTimeZone } from "@common/calendar-date";
import { DETECTION_MIN_DELTA_T } from "@common/finding-detection";
import { DEFAULT_DELTA_T_THRESHOLDS } from "@common/findings";
import { UPLOAD_EXPIRY_DEFAULT_HOURS } from "@common/tus-uploads";
import { isTileTemplate, isWmtsCapabilitiesUrl, TILE_TEMPLATE_EXAMPLE } from "@common/map-tiles";
import { MAP_LAYER_DEFAULT_MAX_MB } from "@common/uploads";
import type { SettingKey } from "@common/contract/settings";
import { SITE_DEFAULTS } from "@common/site";

const port = z.coerce.number().int().min(0).max(65_535);
const positiveInt = z.coerce.number().int().positive();
const positiveNumber = (unit: string) => z.coerce.number({ message: `must be a number of ${unit}` }).positive("must be above 0");
const optionalText = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

/** A base map's XYZ tile template, http(s) with {z}, {x} and {y}, or a WMTS service's capabilities read at start (server/settings/wmts.ts; docs/operations.md, "Base map and address search"). */
const tileTemplate = optionalText.pipe(
  z
    .string()
    .refine(
      (value) => isTileTemplate(value) || isWmtsCapabilitiesUrl(value),
      `must be an http(s) URL holding {z}, {x} and {y} (${TILE_TEMPLATE_EXAMPLE}), or a WMTS service's capabilities (…/WMTSCapabilities.xml)`,
    )
    .optional(),
);

const envSchema = z.object({
  NODE_ENV: z
    .enum(["production", "development", "test"], { message: "must be production, development or test (or unset, which means development)" })
    .optional(),
  PORT: port.default(5000),
  HOST: z.string().min(1).default("127.0.0.1"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: optionalText.pipe(z.url({ protocol: /^postgres(ql)?$/, message: "must be a postgres:// or postgresql:// URL" }).optional()),
  UPLOADS_DIR: optionalText,
  S3_BUCKET: optionalText,
  S3_ENDPOINT: optionalText.pipe(z.url({ protocol: /^https?$/, message: "must be an http(s) URL" }).optional()),
  S3_REGION: z.string().trim().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: z
    .string()
    .trim()
    .optional()
    .refine(
      (value) => value !== "true",
      "true would trust an X-Forwarded-For written by any client: give the number of proxy hops (1 behind one nginx) or the proxies' addresses",
    )
    .transform(trustProxyOf),
  BUSINESS_NAME: z.string().trim().min(1).default(SITE_DEFAULTS.businessName),
  BUSINESS_PHONE: z.string().trim().min(1).default(SITE_DEFAULTS.businessPhone),
  BUSINESS_EMAIL: z.email({ message: "must be an e-mail address" }).default(SITE_DEFAULTS.businessEmail),
  BUSINESS_ADDRESS: optionalText.transform(addressLinesOf),
  BUSINESS_LOGO_PATH: optionalText.transform(logoOf),
  TAX_RATE: z
    .string()
    .trim()
    .default("0")
    .refine((value) => /^\d{1,3}(\.\d{1,2})?$/.test(value) && Number(value) <= 100, "must be a percent from 0 to 100 with at most 2 decimals (8.25)")
    .transform((value) => Math.round(Number(value) * 100)),
  BUSINESS_TIME_ZONE: z.string().trim().default("UTC").refine(isTimeZone, "must be a time zone such as America/Chicago"),
  DEMO_VIDEO_URL: z.url({ protocol: /^https?$/, message: "must be an http(s) URL" }).default(SITE_DEFAULTS.demoVideoUrl),
  PUBLIC_URL: optionalText.pipe(z.url({ protocol: /^https?$/, message: "must be an http(s) URL" }).optional()),
  ADMIN_USERNAME: optionalText,
  ADMIN_PASSWORD: optionalText,
  ADMIN_EMAIL: optionalText.pipe(z.email({ message: "must be an e-mail address" }).optional()),
  SMTP_URL: optionalText.pipe(z.url({ protocol: /^smtps?$/, message: "must be an smtp:// or smtps:// URL" }).optional()),
  MAIL_FROM: z.string().trim().min(1).default("SkyVantage <no-reply@skyvantage.example>"),
  STRIPE_SECRET_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^(sk|rk)_/, "must be a Stripe secret key (sk_… or rk_…)")
      .optional(),
  ),
  STRIPE_PUBLISHABLE_KEY: optionalText.pipe(z.string().regex(/^pk_/, "must be a Stripe publishable key (pk_…)").optional()),
  STRIPE_WEBHOOK_SECRET: optionalText.pipe(
    z
      .string()
      .regex(/^whsec_/, "must be a Stripe webhook signing secret (whsec_…)")
      .optional(),
  ),
  SETTINGS_SECRET_KEY: optionalText.pipe(
    z
      .string()
      .refine((value) => Buffer.from(value, "base64").length === 32, "must be 32 bytes in base64 (openssl rand -base64 32)")
      .optional(),
  ),
  REDIS_URL: optionalText.pipe(z.url({ protocol: /^rediss?$/, message: "must be a redis:// or rediss:// URL" }).optional()),
  METRICS_PORT: z.preprocess((value) => (value === "" ? undefined : value), port.min(1).optional()),
  MIGRATE_ON_START: z.enum(["true", "false"], { message: "must be true or false" }).default("true"),
  SESSION_IDLE_DAYS: positiveInt.default(7),
  SESSION_MAX_DAYS: positiveInt.default(30),
  ADMIN_PROMOTE: z.enum(["true", "false"], { message: "must be true or false" }).default("false"),
  QUEUE_WORKERS: z.enum(["true", "false"], { message: "must be true or false" }).default("true"),
  QUEUE_RETRY_DELAY_SECONDS: positiveInt.default(5),
  HEADERS_TIMEOUT_MS: positiveInt.default(20_000),
  REQUEST_TIMEOUT_MS: positiveInt.default(300_000),
  DB_STATEMENT_TIMEOUT_MS: positiveInt.default(15_000),
  RATE_LIMIT_CONTACT_MAX: positiveInt.default(10),
  RATE_LIMIT_LOGIN_MAX: positiveInt.default(10),
  RATE_LIMIT_LOGIN_ACCOUNT_MAX: positiveInt.default(30),
  RATE_LIMIT_REGISTER_MAX: positiveInt.default(10),
  RATE_LIMIT_PAYMENT_MAX: positiveInt.default(10),
  RATE_LIMIT_WINDOW_MINUTES: positiveInt.default(15),
  SHUTDOWN_TIMEOUT_MS: positiveInt.default(25_000),
  MAP_LAYER_MAX_MB: positiveInt.default(MAP_LAYER_DEFAULT_MAX_MB),
  UPLOAD_EXPIRY_HOURS: positiveInt.default(UPLOAD_EXPIRY_DEFAULT_HOURS),
  FINDINGS_DELTA_T_MODERATE: z.coerce.number({ message: "must be a number of °C" }).positive("must be above 0").default(DEFAULT_DELTA_T_THRESHOLDS.moderate),
  FINDINGS_DELTA_T_CRITICAL: z.coerce.number({ message: "must be a number of °C" }).positive("must be above 0").default(DEFAULT_DELTA_T_THRESHOLDS.critical),
  FINDINGS_DELTA_T_MINOR: z.coerce.number({ message: "must be a number of °C" }).positive("must be above 0").default(DETECTION_MIN_DELTA_T),
  GDAL_ENGINE: z.enum(["auto", "native", "wasm"], { message: "must be auto, native or wasm" }).default("auto"),
  FFMPEG_PATH: z.string().trim().min(1, "must name the ffmpeg program (a path, or a name found on PATH)").default("ffmpeg"),
  FFPROBE_PATH: z.string().trim().min(1, "must name the ffprobe program (a path, or a name found on PATH)").default("ffprobe"),
  MAP_LAYER_MAX_SIDE_PIXELS: positiveInt.default(150_000),
  MAP_LAYER_MAX_MEGAPIXELS: positiveInt.default(10_000),
  MAP_LAYER_MAX_EXTENT_KM: positiveNumber("km").default(100),
  MAP_LAYER_MIN_PIXEL_CM: positiveNumber("cm").default(0.1),
  MAP_LAYER_MAX_PIXEL_CM: positiveNumber("cm").default(10_000),
  MAP_LAYER_INFO_TIMEOUT_SECONDS: positiveInt.default(600),
  MAP_LAYER_WARP_TIMEOUT_SECONDS: positiveInt.default(4 * 3600),
  VIDEO_TIMEOUT_SECONDS: positiveInt.default(120),
  BACKGROUND_MEMORY_MB: positiveInt.default(4096),
  BACKGROUND_HEAP_MB: positiveInt.default(512),
  DETECTION_TIMEOUT_SECONDS: positiveInt.default(1800),
  REPORT_TIMEOUT_SECONDS: positiveInt.default(900),
  BACKGROUND_NICENESS: z.coerce
    .number({ message: "must be a whole number from 0 to 19" })
    .int("must be a whole number from 0 to 19")
    .min(0, "must be a whole number from 0 to 19")
    .max(19, "must be a whole number from 0 to 19")
    .default(10),
  MAP_TILES_URL: tileTemplate,
  MAP_TILES_ATTRIBUTION: optionalText,
  MAP_TILES_MAX_ZOOM: z.coerce
    .number({ message: "must be a whole number from 1 to 24" })
    .int("must be a whole number from 1 to 24")
    .min(1, "must be a whole number from 1 to 24")
    .max(24, "must be a whole number from 1 to 24")
    .default(19),
  MAP_TILES_SATELLITE_URL: tileTemplate,
  MAP_TILES_SATELLITE_ATTRIBUTION: optionalText,
  // The names before MAP_TILES_*: still read, the new name winning where both are set.
  MAP_TILE_URL: tileTemplate,
  MAP_TILE_ATTRIBUTION: optionalText,
  MAP_HOME: optionalText.transform(mapHomeOf),
  GEOCODER_URL: optionalText.pipe(z.url({ protocol: /^https?$/, message: "must be an http(s) URL (a Nominatim-compatible search service)" }).optional()),
  GEOCODER_TIMEOUT_MS: z.coerce
    .number({ message: "must be a number of milliseconds from 100 to 3000" })
    .int("must be a number of milliseconds from 100 to 3000")
    .min(100, "must be a number of milliseconds from 100 to 3000")
    .max(3000, "must be a number of milliseconds from 100 to 3000")
    .default(3000),
  RATE_LIMIT_GEOCODE_MAX: positiveInt.default(30),
});

const checkedEnvSchema = envSchema.superRefine((env, context) => {
  if (Boolean(env.ADMIN_USERNAME) !== Boolean(env.ADMIN_PASSWORD)) {
    context.addIssue({
      code: "custom",
      path: [env.ADMIN_USERNAME ? "ADMIN_PASSWORD" : "ADMIN_USERNAME"],
      message: "ADMIN_USERNAME and ADMIN_PASSWORD go together",
    });
  }
  if (env.STRIPE_SECRET_KEY && !env.STRIPE_PUBLISHABLE_KEY) {
    context.addIssue({ code: "custom", path: ["STRIPE_PUBLISHABLE_KEY"], message: "is needed with STRIPE_SECRET_KEY (the card form loads with it)" });
  }
  if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET && env.NODE_ENV === "production") {
    context.addIssue({ code: "custom", path: ["STRIPE_WEBHOOK_SECRET"], message: "is needed in production: payment state comes from Stripe's webhooks" });
  }
  if (env.NODE_ENV === "production" && !env.PUBLIC_URL) {
    context.addIssue({ code: "custom", path: ["PUBLIC_URL"], message: "is needed in production: every link in a mail and every canonical address uses it" });
  }
  // PGlite is one process per data directory, so a worker process apart needs PostgreSQL.
  if (env.QUEUE_WORKERS === "false" && !env.DATABASE_URL) {
    context.addIssue({
      code: "custom",
      path: ["QUEUE_WORKERS"],
      message: "false needs DATABASE_URL: separate worker processes (npm run worker) share PostgreSQL, never the embedded database",
    });
  }
  if (env.FINDINGS_DELTA_T_MINOR >= env.FINDINGS_DELTA_T_MODERATE) {
    context.addIssue({ code: "custom", path: ["FINDINGS_DELTA_T_MINOR"], message: "must be below FINDINGS_DELTA_T_MODERATE" });
  }
  if (env.FINDINGS_DELTA_T_CRITICAL <= env.FINDINGS_DELTA_T_MODERATE) {
    context.addIssue({ code: "custom", path: ["FINDINGS_DELTA_T_CRITICAL"], message: "must be above FINDINGS_DELTA_T_MODERATE" });
  }
  if (env.ADMIN_PASSWORD && env.ADMIN_PASSWORD.length < 8) {
    context.addIssue({ code: "custom", path: ["ADMIN_PASSWORD"], message: "must be at least 8 characters" });
  }
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    context.addIssue({
      code: "custom",
      path: [env.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID"],
      message: "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together",
    });
  }
  // Without a bucket, files would quietly go to local disk, which other instances cannot see.
  const s3Setting = (["S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const).find((name) => env[name]);
  if (s3Setting && !env.S3_BUCKET) {
    context.addIssue({ code: "custom", path: ["S3_BUCKET"], message: `is needed with ${s3Setting} (unset, files are stored on local disk)` });
  }
});

export type Config = ReturnType<typeof toConfig>;

/**
 * The business settings an environment variable fixes (docs/decisions/0055-business-settings.md): the
 * value the variable gives wins over the one stored from the back office, whose screen shows it read-only.
 */
const SETTING_VARIABLES = {
  businessName: "BUSINESS_NAME",
  phone: "BUSINESS_PHONE",
  email: "BUSINESS_EMAIL",
  address: "BUSINESS_ADDRESS",
  timeZone: "BUSINESS_TIME_ZONE",
  taxRatePercent: "TAX_RATE",
  demoVideoUrl: "DEMO_VIDEO_URL",
  mail: "SMTP_URL",
  mapTilesUrl: "MAP_TILES_URL",
  mapTilesAttribution: "MAP_TILES_ATTRIBUTION",
  mapSatelliteUrl: "MAP_TILES_SATELLITE_URL",
  mapSatelliteAttribution: "MAP_TILES_SATELLITE_ATTRIBUTION",
  geocoderUrl: "GEOCODER_URL",
} as const satisfies Partial<Record<SettingKey, string>>;

/** The older names the base map's variables had, still read: they fix the setting as the new name does. */
const OLDER_VARIABLES: Partial<Record<string, string>> = { MAP_TILES_URL: "MAP_TILE_URL", MAP_TILES_ATTRIBUTION: "MAP_TILE_ATTRIBUTION" };

function fixedSettingsOf(raw: NodeJS.ProcessEnv): Partial<Record<SettingKey, string>> {
  const setBy = (variable: string) => [variable, OLDER_VARIABLES[variable]].find((name) => name !== undefined && (raw[name] ?? "").trim() !== "");
  return Object.fromEntries(
    Object.entries(SETTING_VARIABLES).flatMap(([setting, variable]) => {
      const name = setBy(variable);
      return name ? [[setting, name]] : [];
    }),
  );
}

/** MAP_HOME, "latitude,longitude,zoom": where a map with nothing on it opens (the business's service area). */
function mapHomeOf(value: string | undefined, context: z.RefinementCtx): { latitude: number; longitude: number; zoom: number } | null {
  if (!value) return null;
  const parts = value.split(",").map((part) => Number(part.trim()));
  const [latitude, longitude, zoom] = parts;
  if (parts.length !== 3 || !parts.every(Number.isFinite) || Math.abs(latitude!) > 90 || Math.abs(longitude!) > 180 || zoom! < 1 || zoom! > 20) {
    context.addIssue({ code: "custom", message: "must be latitude,longitude,zoom (30.27,-97.74,10): latitude -90 to 90, longitude -180 to 180, zoom 1 to 20" });
    return z.NEVER;
  }
  return { latitude: latitude!, longitude: longitude!, zoom: zoom! };
}

/** BUSINESS_ADDRESS's lines: split at new lines, or at a written `\n` where a variable cannot hold one (.env files). */
function addressLinesOf(value: string | undefined): string[] {
  return (value ?? "")
    .split(/\r?\n|\\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/** A logo goes into every estimate, invoice and receipt (docs/decisions/0024-pdf-documents.md), so it stays small. */
const LOGO_MAX_BYTES = 1_000_000;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);

/**
 * BUSINESS_LOGO_PATH: the image read once at start, so a missing or wrong file stops start-up, naming the
 * variable, rather than the first document. PNG (with its IHDR header) or JPEG: what pdfkit embeds.
 */
function logoOf(value: string | undefined, context: z.RefinementCtx): Buffer | undefined {
  if (!value) return undefined;
  const file = path.resolve(value);
  let image: Buffer;
  try {
    image = readFileSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === "ENOENT" ? "there is no such file" : code === "EISDIR" ? "it is a folder" : code === "EACCES" ? "permission denied" : String(code);
    context.addIssue({ code: "custom", message: `cannot be read: ${file} (${reason})` });
    return z.NEVER;
  }
  const png = image.subarray(0, 8).equals(PNG_SIGNATURE) && image.subarray(12, 16).toString("latin1") === "IHDR";
  const jpeg = image.subarray(0, 3).equals(JPEG_SIGNATURE);
  if (!png && !jpeg) {
    context.addIssue({ code: "custom", message: `must be a PNG or JPEG image: ${file} is neither` });
    return z.NEVER;
  }
  if (image.length > LOGO_MAX_BYTES) {
    context.addIssue({ code: "custom", message: `must be at most 1 MB (it goes into every document): ${file} is ${(image.length / 1_000_000).toFixed(1)} MB` });
    return z.NEVER;
  }
  return image;
}

/**
 * TRUST_PROXY: unset or "false", trust no proxy; a number, that many hops in front of the app;
 * otherwise a comma-separated list of addresses, CIDR ranges or proxy-addr's names (loopback…).
 */
function trustProxyOf(value: string | undefined): false | number | string[] {
  if (value === undefined || value === "" || value === "false") return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
}

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "::1", "localhost"]);

/** True when the server can be reached from this machine only. */
function isLoopbackHost(host: string): boolean {
  return LOOPBACK_HOSTS.has(host.toLowerCase());
}

/** Where a browser on this machine reaches a server listening on host:port (wildcards are this machine too). */
function localUrlOf(host: string, port: number): string {
  const name = host === "0.0.0.0" || host === "::" ? "localhost" : host.includes(":") ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

function toConfig(env: z.infer<typeof envSchema>, raw: NodeJS.ProcessEnv = {}) {
  const dataDir = path.resolve(env.DATA_DIR);
  const mode = env.NODE_ENV ?? "development";
  const production = mode === "production";
  // Listening on loopback alone, nobody on the network can call the server.
  const loopbackOnly = isLoopbackHost(env.HOST);
  return {
    /** production, development (also when NODE_ENV is unset) or test: docs/decisions/0013-run-modes.md. */
    mode,
    production,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    uploadsDir: path.resolve(env.UPLOADS_DIR ?? path.join(dataDir, "uploads")),
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          endpoint: env.S3_ENDPOINT,
          region: env.S3_REGION,
          credentials:
            env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } : undefined,
        }
      : undefined,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    site: {
      businessName: env.BUSINESS_NAME,
      businessPhone: env.BUSINESS_PHONE,
      businessEmail: env.BUSINESS_EMAIL,
      demoVideoUrl: env.DEMO_VIDEO_URL,
      mapTileUrl: env.MAP_TILES_URL ?? env.MAP_TILE_URL ?? "",
      mapTileAttribution: env.MAP_TILES_ATTRIBUTION ?? env.MAP_TILE_ATTRIBUTION ?? "",
      mapTileMaxZoom: env.MAP_TILES_MAX_ZOOM,
      mapSatelliteUrl: env.MAP_TILES_SATELLITE_URL ?? "",
      mapSatelliteAttribution: env.MAP_TILES_SATELLITE_ATTRIBUTION ?? "",
      mapHome: env.MAP_HOME,
      geocoder: Boolean(env.GEOCODER_URL),
      devOutbox: !production,
      businessTimeZone: env.BUSINESS_TIME_ZONE,
    },
    /**
     * Map layers: the largest GeoTIFF accepted, and which GDAL processes it: native is
     * Debian's gdal-bin, wasm the WebAssembly build from npm; auto takes gdal-bin when installed
     * (docs/decisions/0027-map-layers.md has the figures).
     */
    rasters: {
      maxBytes: env.MAP_LAYER_MAX_MB * 1024 * 1024,
      engine: env.GDAL_ENGINE,
      /** What can be a drone survey: an upload outside these is refused at once, naming which (docs/decisions/0043-limits-on-background-work.md). */
      bounds: {
        maxSidePixels: env.MAP_LAYER_MAX_SIDE_PIXELS,
        maxPixels: env.MAP_LAYER_MAX_MEGAPIXELS * 1_000_000,
        maxExtentMetres: env.MAP_LAYER_MAX_EXTENT_KM * 1000,
        minPixelMetres: env.MAP_LAYER_MIN_PIXEL_CM / 100,
        maxPixelMetres: env.MAP_LAYER_MAX_PIXEL_CM / 100,
      },
      /** gdalinfo's and gdalwarp's limits; the WebAssembly GDAL gets the times alone. */
      limits: {
        info: { timeoutMs: env.MAP_LAYER_INFO_TIMEOUT_SECONDS * 1000, memoryBytes: env.BACKGROUND_MEMORY_MB * 1024 * 1024, niceness: env.BACKGROUND_NICENESS },
        warp: { timeoutMs: env.MAP_LAYER_WARP_TIMEOUT_SECONDS * 1000, memoryBytes: env.BACKGROUND_MEMORY_MB * 1024 * 1024, niceness: env.BACKGROUND_NICENESS },
      },
    },
    /**
     * Video posters and durations: the programs run on each uploaded video. Where they are
     * not installed, videos keep the generic poster (docs/decisions/0038-video-posters.md).
     */
    video: {
      ffmpegPath: env.FFMPEG_PATH,
      ffprobePath: env.FFPROBE_PATH,
      limits: { timeoutMs: env.VIDEO_TIMEOUT_SECONDS * 1000, memoryBytes: env.BACKGROUND_MEMORY_MB * 1024 * 1024, niceness: env.BACKGROUND_NICENESS },
    },
    /**
     * Hot-spot detection and the inspection report's PDF run in a Node process of their own, each
     * with its time, its JavaScript heap and the background work's priority (docs/decisions/0043-limits-on-background-work.md).
     */
    tasks: {
      detection: { timeoutMs: env.DETECTION_TIMEOUT_SECONDS * 1000, heapMb: env.BACKGROUND_HEAP_MB, niceness: env.BACKGROUND_NICENESS },
      report: { timeoutMs: env.REPORT_TIMEOUT_SECONDS * 1000, heapMb: env.BACKGROUND_HEAP_MB, niceness: env.BACKGROUND_NICENESS },
    },
    /** A resumable upload not finished this long after it began is removed by the upload sweep (UPLOAD_EXPIRY_HOURS, 24 by default). */
    uploadExpiryMs: env.UPLOAD_EXPIRY_HOURS * 3_600_000,
    /** The ΔT (°C) from which a thermal finding is moderate, and critical, unless an admin overrides it. */
    findingThresholds: { moderate: env.FINDINGS_DELTA_T_MODERATE, critical: env.FINDINGS_DELTA_T_CRITICAL },
    /** The ΔT (°C) over its surroundings' median from which hot-spot detection proposes a pixel cluster as a candidate (minor). */
    detectionMinDeltaT: env.FINDINGS_DELTA_T_MINOR,
    /** What the PDF documents print besides the site's name, phone and e-mail: the postal address's lines and the logo's bytes. */
    business: {
      address: env.BUSINESS_ADDRESS,
      logo: env.BUSINESS_LOGO_PATH,
      /** TAX_RATE in basis points (825 is 8.25 %): what new estimates charge; each estimate and invoice keeps its own. */
      taxRateBasisPoints: env.TAX_RATE,
      /** Where the business's calendar day is read: estimates expire and invoices fall due at its midnight. */
      timeZone: env.BUSINESS_TIME_ZONE,
      /** The settings whose environment variable is set: those win over the back office's (server/settings/). */
      fixed: fixedSettingsOf(raw),
    },
    /** The key of the stored secrets (SETTINGS_SECRET_KEY, base64); unset, a key file in DATA_DIR made at first start. */
    settingsSecretKey: env.SETTINGS_SECRET_KEY ? Buffer.from(env.SETTINGS_SECRET_KEY, "base64") : undefined,
    /** The site's public origin; never the request's Host. Outside production it defaults to where this server listens. */
    publicUrl: env.PUBLIC_URL?.replace(/\/+$/, "") ?? localUrlOf(env.HOST, env.PORT),
    /** Whether PUBLIC_URL was given (else publicUrl is the local default). */
    publicUrlConfigured: Boolean(env.PUBLIC_URL),
    admin: { username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD, email: env.ADMIN_EMAIL, promote: env.ADMIN_PROMOTE === "true" },
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    /**
     * docs/product.md §7's development convenience: /api/forgot-password answers the reset link itself. Only
     * without SMTP, outside production, and while nobody but this machine can reach the server.
     */
    resetLinkInAnswer: !env.SMTP_URL && !production && loopbackOnly,
    /** Session cookies marked Secure (https only): production alone, so plain-http development works anywhere. */
    secureCookies: production,
    /** Queue workers (mail, reminders, processing) run in this process; false when `npm run worker` runs them apart. */
    queueWorkers: env.QUEUE_WORKERS === "true",
    /** A failed job is retried after about this long, doubling each time up to an hour (docs/decisions/0015). */
    queueRetryDelaySeconds: env.QUEUE_RETRY_DELAY_SECONDS,
    stripe: env.STRIPE_SECRET_KEY
      ? { secretKey: env.STRIPE_SECRET_KEY, publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? null, webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? null }
      : undefined,
    redisUrl: env.REDIS_URL,
    migrateOnStart: env.MIGRATE_ON_START === "true",
    metricsPort: env.METRICS_PORT,
    sessionIdleMs: env.SESSION_IDLE_DAYS * 86_400_000,
    /** A session ends this long after login, however active (SESSION_MAX_DAYS, 30 by default). */
    sessionMaxMs: env.SESSION_MAX_DAYS * 86_400_000,
    timeouts: { headersMs: env.HEADERS_TIMEOUT_MS, requestMs: env.REQUEST_TIMEOUT_MS, statementMs: env.DB_STATEMENT_TIMEOUT_MS },
    rateLimits: {
      windowMs: env.RATE_LIMIT_WINDOW_MINUTES * 60_000,
      contact: env.RATE_LIMIT_CONTACT_MAX,
      // Login attempts, and separately reset requests, per address and per account.
      login: env.RATE_LIMIT_LOGIN_MAX,
      // Failed logins per account per hour from browsers the account never logged in from (docs/decisions/0014).
      loginAccount: env.RATE_LIMIT_LOGIN_ACCOUNT_MAX,
      // Registrations are counted per hour.
      register: env.RATE_LIMIT_REGISTER_MAX,
      // New payment attempts per customer per hour (card testing); a reused attempt is not counted.
      payment: env.RATE_LIMIT_PAYMENT_MAX,
    },
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    /** GEOCODER_URL's Nominatim-compatible address search ("" leaves it to the back office's settings), how long one search may wait, and how many one address may make. */
    geocoder: { url: env.GEOCODER_URL ?? "", timeoutMs: env.GEOCODER_TIMEOUT_MS, max: env.RATE_LIMIT_GEOCODE_MAX },
  };
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Reads every environment variable once; a bad value stops start-up with a message naming it. */
/** The User-Agent the server sends the map services it asks (the geocoder, the base map's tiles): their usage policies ask each application to name itself. */
export const mapServicesUserAgent = (publicUrl: string): string => `SkyVantage site maps (${publicUrl})`;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = checkedEnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return toConfig(parsed.data, env);
}
