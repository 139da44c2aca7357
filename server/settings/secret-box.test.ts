import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { secretBox, secretKeyOf } from "./secret-box";

const PLAIN = "horse-Battery-staple-42!";

describe("the secret box", () => {
  it("opens what it sealed; the sealed text shows neither the plain text nor its base64, and each seal differs", () => {
    const box = secretBox(randomBytes(32));
    const [first, second] = [box.seal(PLAIN), box.seal(PLAIN)];
    expect(box.open(first)).toBe(PLAIN);
    expect(box.open(second)).toBe(PLAIN);
    expect(first).not.toBe(second);
    for (const sealed of [first, second]) {
      expect(sealed).not.toContain(PLAIN);
      expect(sealed).not.toContain(Buffer.from(PLAIN).toString("base64"));
    }
  });

  it("opens nothing sealed with another key, changed on the way, or not sealed at all", () => {
    const sealed = secretBox(randomBytes(32)).seal(PLAIN);
    const box = secretBox(randomBytes(32));
    expect(box.open(sealed)).toBeNull();

    const own = secretBox(Buffer.alloc(32, 7));
    const [version, iv, tag, body] = own.seal(PLAIN).split(".") as [string, string, string, string];
    const flipped = Buffer.from(body, "base64");
    flipped[0] = flipped[0]! ^ 1;
    expect(own.open([version, iv, tag, flipped.toString("base64")].join("."))).toBeNull();
    expect(own.open(PLAIN)).toBeNull();
    expect(own.open(["v2", iv, tag, body].join("."))).toBeNull();
  });
});

describe("the key of the secrets", () => {
  const made: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "skyvantage-secret-"));
    made.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("is made once in DATA_DIR, readable by its owner alone, and the same at the next start", () => {
    const dir = dataDir();
    const key = secretKeyOf(undefined, dir);
    expect(key).toHaveLength(32);
    const file = path.join(dir, "settings-secret.key");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(secretKeyOf(undefined, dir).equals(key)).toBe(true);
    expect(secretBox(secretKeyOf(undefined, dir)).open(secretBox(key).seal(PLAIN))).toBe(PLAIN);
  });

  it("is SETTINGS_SECRET_KEY's when set: no file is made", () => {
    const dir = dataDir();
    const configured = randomBytes(32);
    expect(secretKeyOf(configured, dir)).toBe(configured);
    expect(() => readFileSync(path.join(dir, "settings-secret.key"))).toThrow(/ENOENT/);
  });

  it("stops start-up, naming the file and SETTINGS_SECRET_KEY, when the file holds no 32-byte key", () => {
    const dir = dataDir();
    writeFileSync(path.join(dir, "settings-secret.key"), `${randomBytes(16).toString("base64")}\n`);
    expect(() => secretKeyOf(undefined, dir)).toThrow(/settings-secret\.key.*SETTINGS_SECRET_KEY/);
  });
});
