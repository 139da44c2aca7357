import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { compressAssets } from "./compress-assets.mjs";

describe("compressAssets", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "skyvantage-compress-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("writes brotli and gzip copies that decompress to the original, for text files worth it", () => {
    mkdirSync(path.join(dir, "assets"));
    const script = Buffer.from("export const hello = 'world';\n".repeat(200));
    writeFileSync(path.join(dir, "assets", "index-abc.js"), script);
    writeFileSync(path.join(dir, "assets", "tiny.css"), "a{}");
    writeFileSync(path.join(dir, "assets", "photo.webp"), Buffer.alloc(4096, 7));

    expect(compressAssets(dir)).toBe(1);
    const file = path.join(dir, "assets", "index-abc.js");
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).equals(script)).toBe(true);
    expect(gunzipSync(readFileSync(`${file}.gz`)).equals(script)).toBe(true);
    expect(readFileSync(`${file}.br`).length).toBeLessThan(script.length / 10);
    expect(existsSync(path.join(dir, "assets", "tiny.css.br"))).toBe(false);
    expect(existsSync(path.join(dir, "assets", "photo.webp.br"))).toBe(false);
  });
});
