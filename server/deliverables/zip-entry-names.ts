import type { JobFileKind } from "@common/job-download";

/**
 * What an archive holds: the kinds a selection names, and the findings' crops, which come with the
 * findings (selected as `findings:csv`) rather than one by one.
 */
export type ArchiveKind = JobFileKind | "finding-image";

/** Each kind's folder; the findings' CSV sits at the top, their crops in `findings/`. */
const FOLDERS: Record<ArchiveKind, string> = {
  report: "reports/",
  media: "media/",
  layer: "layers/",
  document: "documents/",
  findings: "",
  "finding-image": "findings/",
};

const NAME_MAX = 150;

/**
 * A file's own name made safe to unpack anywhere: no folders of its own (a slash or backslash could
 * climb out of the folder it is unpacked into), no control characters, none of the characters
 * Windows refuses, no leading dots (a hidden file, or "..").
 */
export function safeFileName(name: string): string {
  const cleaned = name
    .normalize("NFC")
    .replace(/[\p{Cc}\p{Cf}/\\:*?"<>|]+/gu, "_")
    .replace(/^[\s.]+/, "")
    .replace(/[\s.]+$/, "");
  if (cleaned.length <= NAME_MAX) return cleaned || "file";
  const dot = cleaned.lastIndexOf(".");
  const extension = dot > 0 && cleaned.length - dot <= 10 ? cleaned.slice(dot) : "";
  return cleaned.slice(0, NAME_MAX - extension.length) + extension;
}

/** "plan.pdf" → "plan (2).pdf": the suffix goes before the extension, so the file still opens. */
function withSuffix(name: string, n: number): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
}

/**
 * The names of the archive's entries, in the order given: each under its kind's folder, safe, and
 * unique ignoring case (two files may not unpack onto one on Windows or macOS).
 */
export function zipEntryNames(files: readonly { kind: ArchiveKind; name: string }[]): string[] {
  const taken = new Set<string>();
  return files.map(({ kind, name }) => {
    const base = safeFileName(name);
    let candidate = `${FOLDERS[kind]}${base}`;
    for (let n = 2; taken.has(candidate.toLowerCase()); n += 1) candidate = `${FOLDERS[kind]}${withSuffix(base, n)}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}

/** ASCII words of a title for a file name: "Solar farm — North" → "solar-farm-north". */
function slug(title: string, letters: RegExp): string {
  return title
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(letters, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
}

/**
 * Content-Disposition of the job's ZIP, named after the job ("job-42-solar-farm-north.zip"); a
 * title in another script also gets its own name as RFC 5987's filename*.
 */
export function zipDisposition(job: { id: number; title: string }): string {
  const ascii = slug(job.title, /[^a-z0-9]+/g);
  const name = `job-${job.id}${ascii ? `-${ascii}` : ""}.zip`;
  const unicode = job.title
    .normalize("NFC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  const wide = `job-${job.id}${unicode ? `-${unicode}` : ""}.zip`;
  const extra = /^[\x20-\x7e]*$/.test(wide) ? "" : `; filename*=UTF-8''${encodeURIComponent(wide)}`;
  return `attachment; filename="${name}"${extra}`;
}
