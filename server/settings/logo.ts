import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { LOGO_MAX_BYTES } from "@common/settings";
import type { Database } from "../db/client";
import { businessLogos } from "../db/schema";
import { DomainError } from "../domain-errors";
import type { SettingsStore } from "./settings-store";

/** The image kinds a logo may arrive as, told by their content (sharp reads them), never by name or declared type. */
const LOGO_FORMATS = new Set(["png", "jpeg", "webp"]);

/** The logo's address: its hash in the name, so each logo is cached for good and a new one has a new address. */
export const logoUrlOf = (version: string) => `/api/site/logo-${version}.png`;

export const logoMessages = {
  notImage: "The logo must be a PNG, JPEG or WebP image",
  tooLarge: `The logo is at most ${LOGO_MAX_BYTES / 1024 / 1024} MB`,
} as const;

/**
 * Makes the uploaded logo into the sizes its readers need, kept in the database beside the settings
 * (every instance reads them, whichever storage it has): the site and mails' PNG, 256 px high at
 * most, and the documents' PNG, 600 px wide at most (pdfkit embeds PNG and JPEG, and prints it at
 * most 160 × 56 points). Nothing is stored when the file is not an image.
 */
export async function storeLogo(db: Database, store: Pick<SettingsStore, "bumpLogo">, upload: Buffer, by: number): Promise<string> {
  if (upload.length > LOGO_MAX_BYTES) throw new DomainError("too-large", logoMessages.tooLarge, { logo: logoMessages.tooLarge });
  // Loaded with the first logo, not at start (docs/decisions/0029-embedded-database-code-memory.md).
  const { default: sharp } = await import("sharp");
  let format: string | undefined;
  try {
    format = (await sharp(upload).metadata()).format;
  } catch {
    format = undefined;
  }
  if (!format || !LOGO_FORMATS.has(format)) throw new DomainError("unsupported-type", logoMessages.notImage, { logo: logoMessages.notImage });
  let web: Buffer, document: Buffer;
  try {
    [web, document] = await Promise.all([
      sharp(upload).rotate().resize({ height: 256, withoutEnlargement: true }).png().toBuffer(),
      sharp(upload).rotate().resize({ width: 600, withoutEnlargement: true }).flatten({ background: "#ffffff" }).png().toBuffer(),
    ]);
  } catch (error) {
    // The header alone names the format: a file cut off or damaged after it fails only here, and is the sender's to fix.
    throw new DomainError("unsupported-type", logoMessages.notImage, { logo: logoMessages.notImage }, { cause: error });
  }
  const version = createHash("sha256").update(upload).digest("hex").slice(0, 16);
  await db.transaction(async (tx) => {
    await tx.insert(businessLogos).values({ id: 1, version, web, document }).onConflictDoUpdate({ target: businessLogos.id, set: { version, web, document } });
    await store.bumpLogo(tx, version, by);
  });
  return version;
}

// The documents' logo of the version last read: one logo, made at most once per upload, so every PDF
// does not read it from the database again. Keyed by its content's hash, it is never stale.
let documentLogoCache: { version: string; bytes: Buffer } | undefined;

/** The documents' size of the logo whose hash is `version`, or undefined when another has replaced it since. */
export async function documentLogo(db: Database, version: string): Promise<Buffer | undefined> {
  if (documentLogoCache?.version === version) return documentLogoCache.bytes;
  const stored = await readLogo(db, "document");
  if (!stored || stored.version !== version) return undefined;
  documentLogoCache = stored;
  return stored.bytes;
}

/** The stored logo in one of its sizes, or null when none was uploaded. */
export async function readLogo(db: Database, size: "web" | "document"): Promise<{ version: string; bytes: Buffer } | null> {
  const [row] = await db
    .select({ version: businessLogos.version, bytes: size === "web" ? businessLogos.web : businessLogos.document })
    .from(businessLogos)
    .where(eq(businessLogos.id, 1));
  return row ?? null;
}
