import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

// Secrets set in the back office (the mail password) are stored sealed with AES-256-GCM; the key lives
// outside the database, so a copy of the database alone reveals none (docs/decisions/0055-business-settings.md).

const KEY_FILE = "settings-secret.key";

export interface SecretBox {
  seal(plain: string): string;
  /** The plain text, or null when the box was sealed with another key (an instance with a different key file). */
  open(sealed: string): string | null;
}

/**
 * SETTINGS_SECRET_KEY when set (several instances share it); else DATA_DIR/settings-secret.key, made
 * at first start with owner-only permissions.
 */
export function secretKeyOf(configured: Buffer | undefined, dataDir: string): Buffer {
  if (configured) return configured;
  const file = path.join(dataDir, KEY_FILE);
  if (existsSync(file)) {
    const key = Buffer.from(readFileSync(file, "utf8").trim(), "base64");
    if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte key in base64: restore it, or set SETTINGS_SECRET_KEY`);
    return key;
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  // "wx": two processes starting at once cannot both write a key; the loser reads the winner's.
  try {
    writeFileSync(file, `${key.toString("base64")}\n`, { flag: "wx", mode: 0o600 });
    chmodSync(file, 0o600);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return secretKeyOf(undefined, dataDir);
    throw error;
  }
}

export function secretBox(key: Buffer): SecretBox {
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return ["v1", iv.toString("base64"), cipher.getAuthTag().toString("base64"), body.toString("base64")].join(".");
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split(".");
      if (version !== "v1" || !iv || !tag || body === undefined) return null;
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64"));
        decipher.setAuthTag(Buffer.from(tag, "base64"));
        return Buffer.concat([decipher.update(Buffer.from(body, "base64")), decipher.final()]).toString("utf8");
      } catch {
        return null;
      }
    },
  };
}
