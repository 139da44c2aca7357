import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

/**
 * The documents read back as a reader would: a real file through Debian's poppler-utils (pdftotext,
 * pdfimages, pdfinfo), which CI installs (.ci/run).
 */

const run = promisify(execFile);

async function withFile<T>(pdf: Buffer, read: (file: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "skyvantage-pdf-"));
  try {
    const file = path.join(dir, "document.pdf");
    await writeFile(file, pdf);
    return await read(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The text of each page, laid out as printed (`pdftotext -layout`), each line trimmed and its runs of spaces made one, blank lines dropped. */
export function pagesOf(pdf: Buffer): Promise<string[]> {
  return withFile(pdf, async (file) => {
    const { stdout } = await run("pdftotext", ["-layout", "-enc", "UTF-8", file, "-"]);
    // pdftotext ends each page with a form feed.
    return stdout
      .split("\f")
      .slice(0, -1)
      .map((page) =>
        page
          .split("\n")
          .map((line) => line.replace(/\s+/g, " ").trim())
          .filter(Boolean)
          .join("\n"),
      );
  });
}

/** The whole text, pages one after the other, as pagesOf() gives them. */
export async function textOf(pdf: Buffer): Promise<string> {
  return (await pagesOf(pdf)).join("\n");
}

/** The images the PDF draws, one row of `pdfimages -list` each: page, width, height and type. */
export function imagesOf(pdf: Buffer): Promise<{ page: number; width: number; height: number; type: string }[]> {
  return withFile(pdf, async (file) => {
    const { stdout } = await run("pdfimages", ["-list", file]);
    // Two lines of heading, then "page num type width height color ...".
    return stdout
      .trim()
      .split("\n")
      .slice(2)
      .map((line) => line.trim().split(/\s+/))
      .map(([page, , type, width, height]) => ({ page: Number(page), width: Number(width), height: Number(height), type: type ?? "" }));
  });
}

/** The fonts the PDF uses, by name (`pdffonts`). */
export function fontsOf(pdf: Buffer): Promise<string[]> {
  return withFile(pdf, async (file) => {
    const { stdout } = await run("pdffonts", [file]);
    return stdout
      .trim()
      .split("\n")
      .slice(2)
      .map((line) => line.split(/\s+/)[0] ?? "");
  });
}

/** The colours of a page's pixels as pdftoppm draws it (72 dpi, no anti-aliasing, so text keeps its own colour), "#rrggbb" each. */
export function pixelColoursOf(pdf: Buffer, page = 1): Promise<Set<string>> {
  return withFile(pdf, async (file) => {
    const { stdout } = await run("pdftoppm", ["-f", String(page), "-l", String(page), "-r", "72", "-aa", "no", "-aaVector", "no", file], {
      encoding: "buffer",
      maxBuffer: 64 * 1024 * 1024,
    });
    // A binary PPM: "P6", width, height, the maximum (255), each after whitespace, then RGB triples.
    const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(stdout.subarray(0, 64).toString("latin1"));
    if (!header) throw new Error("pdftoppm gave no PPM");
    const pixels = stdout.subarray(header[0].length);
    const colours = new Set<string>();
    for (let at = 0; at + 2 < pixels.length; at += 3) {
      colours.add(`#${[pixels[at]!, pixels[at + 1]!, pixels[at + 2]!].map((channel) => channel.toString(16).padStart(2, "0")).join("")}`);
    }
    return colours;
  });
}
