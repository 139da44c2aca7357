/**
 * A whole job as one ZIP (docs/decisions/0031-job-zip-downloads.md):
 * GET /api/jobs/:id/download.zip, or a selection of its files with `?items=report:1,media:4`. The
 * kinds below name the folders of the archive as well; the findings are one file, `findings.csv` at
 * the top of the archive, selected as `findings:csv`.
 */
/** The kinds of file read from storage, one `kind:id` each; the findings' CSV is made as it is sent. */
export const STORED_FILE_KINDS = ["report", "media", "layer", "document"] as const;
const JOB_FILE_KINDS = [...STORED_FILE_KINDS, "findings"] as const;
export type JobFileKind = (typeof JOB_FILE_KINDS)[number];
type StoredFileKind = (typeof STORED_FILE_KINDS)[number];

/** The findings' CSV, the one item of its kind. */
export const FINDINGS_CSV_REF = { kind: "findings", id: "csv" } as const;

export type JobFileRef = { kind: StoredFileKind; id: number } | typeof FINDINGS_CSV_REF;

/** More than any job holds; a longer list is a mistake or an attack, refused before a query runs. */
const MAX_SELECTED_ITEMS = 500;

export const jobDownloadMessages = {
  malformed: "items must be a comma-separated list of kind:id, such as report:1,media:4,findings:csv",
  unknownKind: (kind: string) => `Unknown item kind "${kind}": use ${JOB_FILE_KINDS.join(", ")}`,
  tooMany: `Select at most ${MAX_SELECTED_ITEMS} items`,
  notInJob: (ref: JobFileRef) => `${ref.kind} ${ref.id} is not part of this job`,
} as const;

const ITEM = /^([a-z]+):([1-9]\d{0,9}|csv)$/;
const isKind = (kind: string): kind is JobFileKind => (JOB_FILE_KINDS as readonly string[]).includes(kind);

/** `report:1,media:4` as references, each once in the order given; or the message naming what is wrong. */
export function parseJobFileRefs(text: string): { refs: JobFileRef[] } | { error: string } {
  const parts = text.split(",");
  if (parts.length > MAX_SELECTED_ITEMS) return { error: jobDownloadMessages.tooMany };
  const refs: JobFileRef[] = [];
  const seen = new Set<string>();
  for (const part of parts) {
    const match = ITEM.exec(part.trim());
    if (!match) return { error: jobDownloadMessages.malformed };
    const [, kind = "", id = ""] = match;
    if (!isKind(kind)) return { error: jobDownloadMessages.unknownKind(kind) };
    // `csv` names the findings' file alone, and the findings are named by nothing else.
    if ((kind === "findings") !== (id === "csv")) return { error: jobDownloadMessages.malformed };
    if (seen.has(`${kind}:${id}`)) continue;
    seen.add(`${kind}:${id}`);
    refs.push(kind === "findings" ? FINDINGS_CSV_REF : { kind, id: Number(id) });
  }
  return { refs };
}

/** The address of the job's ZIP: every file, or the ones given. */
export function jobDownloadUrl(jobId: number, refs?: readonly JobFileRef[]): string {
  const url = `/api/jobs/${jobId}/download.zip`;
  return refs ? `${url}?items=${refs.map((ref) => `${ref.kind}:${ref.id}`).join(",")}` : url;
}
