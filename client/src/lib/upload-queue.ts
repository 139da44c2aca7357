// The back office's uploader: Uppy with its tus plugin, headless (docs/decisions/0037-resumable-uploads-in-the-browser.md).
// Loaded on demand by resumable-uploads.ts, so that no other screen carries it.
import Uppy, { type UppyFile } from "@uppy/core";
import Tus, { type TusBody } from "@uppy/tus";
import { UPLOAD_ENDPOINT } from "@common/tus-uploads";
import { type Answer, noAnswer, readAnswer } from "./api";
import { freshMeter, measure, type RateMeter, rateOf, type TransferRate } from "./transfer-rate";
import { fingerprintOf, type StoredUpload, uploadUrlStorage } from "./upload-url-storage";

/** Upload-Metadata as the form gives it (the queue adds `filename` and `filetype`). */
export type UploadMetadata = Record<string, string>;

export interface QueuedUpload {
  /** Uppy's id of the file: its name, type, size and date in this queue. */
  id: string;
  name: string;
  size: number;
  status: "waiting" | "uploading" | "paused" | "done" | "failed";
  /** Bytes the server holds, as far as the browser knows. */
  bytesSent: number;
  rate: TransferRate;
  /** Why it failed: the server's message, or what went wrong on the way. */
  error?: string;
}

/** How one file's upload ended: the server's answer to it (for a refusal, its message and field errors), or cancelled by the admin. */
export type UploadOutcome = Answer<unknown> | { cancelled: true };

/** A file to send, with its metadata; `resumes` names the unfinished upload it goes on with (chosen again from the list). */
export interface UploadRequest {
  file: File;
  metadata: UploadMetadata;
  resumes?: StoredUpload;
}

/** An upload left unfinished by an earlier page (a reload, a closed tab, a lost connection), as the server holds it. */
export interface UnfinishedUpload {
  key: string;
  filename: string;
  size: number;
  /** Bytes on the server; null when the server could not be asked. */
  offset: number | null;
  metadata: UploadMetadata;
  stored: StoredUpload;
}

// A lost connection is retried for about two minutes before the file is marked failed; it then
// resumes from the server's offset when chosen again.
const RETRY_DELAYS = [0, 1_000, 3_000, 5_000, 10_000, 20_000, 30_000, 60_000];
// Files of one form sent at once: enough to fill a connection, few enough that each still moves.
const PARALLEL_UPLOADS = 3;
const TUS_HEADERS = { "Tus-Resumable": "1.0.0" };
// Failures reach the admin in the queue and the form; the console stays for the site's own errors.
const quiet = { debug: () => {}, warn: () => {}, error: () => {} };

const endpoint = () => new URL(UPLOAD_ENDPOINT, window.location.origin).href;
const fingerprint = (fileId: string) => `tus-${fileId}-${endpoint()}`;
const sameMetadata = (stored: UploadMetadata, wanted: UploadMetadata) =>
  Object.keys(stored).length === Object.keys(wanted).length && Object.entries(wanted).every(([key, value]) => stored[key] === value);

/** Deletes an unfinished upload on the server (tus termination) and forgets it; an upload already gone is forgotten all the same. */
export async function discardUpload(stored: StoredUpload): Promise<void> {
  if (stored.uploadUrl) await fetch(stored.uploadUrl, { method: "DELETE", headers: TUS_HEADERS }).catch(() => undefined);
  await uploadUrlStorage.removeUpload(stored.urlStorageKey);
}

/** The failure a tus error stands for: the server's answer when there was one. */
function failureOf(error: { message: string }, response: { status: number; body?: TusBody } | undefined): Answer<unknown> {
  const xhr = response?.body?.xhr;
  if (!response || !xhr || response.status === 0) return noAnswer("The connection to the server was lost");
  const answer = readAnswer<unknown>(response.status, xhr.statusText, xhr.responseText);
  return answer.ok ? { ok: false, status: response.status, body: undefined, message: error.message, generic: error.message } : answer;
}

/**
 * One form's uploads: files go in parallel (three at a time), each resumable after a pause, a
 * dropped connection or a reload. The items are a snapshot for useSyncExternalStore.
 */
export class UploadQueue {
  readonly #uppy: Uppy<UploadMetadata, TusBody>;
  #items: readonly QueuedUpload[] = [];
  readonly #listeners = new Set<() => void>();
  readonly #running = new Map<string, { settle: (outcome: UploadOutcome) => void; meter: RateMeter; resumes: StoredUpload | undefined }>();

  constructor(scope: string) {
    this.#uppy = new Uppy<UploadMetadata, TusBody>({ id: scope, logger: quiet });
    this.#uppy.use(Tus, {
      endpoint: endpoint(),
      limit: PARALLEL_UPLOADS,
      retryDelays: RETRY_DELAYS,
      // A finished upload is forgotten, so the same file sent again is a new deliverable, not a resumption.
      removeFingerprintOnSuccess: true,
      urlStorage: uploadUrlStorage,
    });
    this.#uppy.on("upload-progress", (file, progress) => {
      const run = file && this.#running.get(file.id);
      if (!file || !run || progress.bytesTotal === null) return;
      run.meter = measure(run.meter, progress.bytesUploaded, performance.now());
      const paused = this.#uppy.getFile(file.id)?.isPaused;
      this.#update(file.id, {
        status: paused ? "paused" : "uploading",
        bytesSent: progress.bytesUploaded,
        rate: rateOf(run.meter, progress.bytesTotal - progress.bytesUploaded),
      });
    });
    this.#uppy.on("upload-pause", (file, isPaused) => {
      const run = file && this.#running.get(file.id);
      if (!file || !run) return;
      run.meter = freshMeter();
      this.#update(file.id, { status: isPaused ? "paused" : "uploading", rate: rateOf(run.meter, 0) });
    });
    this.#uppy.on("upload-success", (file, response) => {
      if (!file) return;
      const xhr = response.body?.xhr;
      // A resumed upload the server had already completed answers its HEAD, with no body.
      this.#finish(
        file,
        xhr ? readAnswer<unknown>(response.status ?? xhr.status, xhr.statusText, xhr.responseText) : { ok: true, status: 200, data: undefined },
      );
    });
    this.#uppy.on("upload-error", (file, error, response) => {
      if (file) this.#finish(file, failureOf(error, response));
    });
    this.#uppy.on("file-removed", (file) => {
      const run = this.#running.get(file.id);
      if (!run) return;
      this.#running.delete(file.id);
      // Uppy's tus plugin has terminated the upload on the server; the list entry it resumed goes too.
      if (run.resumes) void discardUpload(run.resumes);
      this.#items = this.#items.filter((item) => item.id !== file.id);
      this.#emit();
      run.settle({ cancelled: true });
    });
  }

  readonly subscribe = (listener: () => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  readonly getItems = () => this.#items;

  /**
   * Queues the files and starts sending them; resolves once they are queued, with the outcome of
   * each (uploaded, refused, failed or cancelled) to come, in the order given.
   */
  async start(requests: readonly UploadRequest[]): Promise<Promise<UploadOutcome>[]> {
    // What the last run left (its finished and failed files) makes way for this one.
    this.#items = this.#items.filter((item) => this.#running.has(item.id));
    const outcomes: Promise<UploadOutcome>[] = [];
    // One by one, so that each file's earlier uploads are settled before the uploader looks for them.
    for (const request of requests) outcomes.push((await this.#add(request)).outcome);
    this.#emit();
    this.#uppy.upload().catch((error: unknown) => {
      for (const [id, run] of this.#running) if (!this.#uppy.getFile(id)?.progress.uploadStarted) run.settle(noAnswer(String(error)));
    });
    return outcomes;
  }

  pauseOrResume(id: string): void {
    this.#uppy.pauseResume(id);
  }

  /** Stops the upload and deletes what the server holds of it: it leaves no row and no file. */
  cancel(id: string): void {
    this.#uppy.removeFile(id);
  }

  /** Uploads of this page's earlier visits that the server still holds, for the files `matches` keeps. */
  async unfinished(matches: (metadata: UploadMetadata) => boolean): Promise<UnfinishedUpload[]> {
    const running = new Set([...this.#running.keys()].map(fingerprint));
    const resumed = new Set([...this.#running.values()].map((run) => run.resumes?.uploadUrl));
    const byUrl = new Map<string, StoredUpload>();
    for (const stored of await uploadUrlStorage.findAllUploads()) {
      if (!stored.uploadUrl || running.has(fingerprintOf(stored.urlStorageKey)) || resumed.has(stored.uploadUrl) || !matches(stored.metadata)) continue;
      // Resumed from a copy of the file with another date, one upload is stored twice: the newer counts.
      const seen = byUrl.get(stored.uploadUrl);
      if (!seen || Date.parse(seen.creationTime) < Date.parse(stored.creationTime)) byUrl.set(stored.uploadUrl, stored);
    }
    const found = await Promise.all([...byUrl.values()].map((stored) => this.#ask(stored)));
    return found.filter((upload): upload is UnfinishedUpload => upload !== undefined);
  }

  /** What the server holds of a stored upload; one it no longer has (expired, completed, refused) is forgotten. */
  async #ask(stored: StoredUpload): Promise<UnfinishedUpload | undefined> {
    const base = { key: stored.urlStorageKey, filename: stored.metadata.filename ?? "", size: stored.size ?? 0, metadata: stored.metadata, stored };
    try {
      const answer = await fetch(stored.uploadUrl ?? "", { method: "HEAD", headers: TUS_HEADERS });
      if (answer.status === 404 || answer.status === 410 || answer.status === 403) {
        await uploadUrlStorage.removeUpload(stored.urlStorageKey);
        return undefined;
      }
      const offset = Number(answer.headers.get("Upload-Offset"));
      return { ...base, offset: answer.ok && Number.isFinite(offset) ? offset : null };
    } catch {
      return { ...base, offset: null };
    }
  }

  async #add({ file, metadata, resumes }: UploadRequest): Promise<{ outcome: Promise<UploadOutcome> }> {
    const meta: UploadMetadata = { ...metadata, filename: file.name, ...(file.type ? { filetype: file.type } : {}) };
    let id: string;
    try {
      id = this.#uppy.addFile({ name: file.name, type: file.type, data: file, meta });
    } catch {
      return { outcome: Promise.resolve(noAnswer(`"${file.name}" is already uploading`)) };
    }
    this.#uppy.setFileState(id, { tus: { allowedMetaFields: Object.keys(meta), ...(resumes?.uploadUrl ? { uploadUrl: resumes.uploadUrl } : {}) } });
    this.#items = [...this.#items, { id, name: file.name, size: file.size, status: "waiting", bytesSent: 0, rate: rateOf(freshMeter(), 0) }];
    const outcome = new Promise<UploadOutcome>((settle) => this.#running.set(id, { settle, meter: freshMeter(), resumes }));
    if (!resumes) {
      // The same file sent before with other fields (another customer, title or kind) is a different
      // upload: the earlier one is discarded rather than resumed under the wrong fields.
      for (const stored of await uploadUrlStorage.findUploadsByFingerprint(fingerprint(id)))
        if (!sameMetadata(stored.metadata, meta)) await discardUpload(stored);
    }
    return { outcome };
  }

  #finish(file: UppyFile<UploadMetadata, TusBody>, answer: Answer<unknown>): void {
    const run = this.#running.get(file.id);
    if (!run) return;
    this.#running.delete(file.id);
    const done = answer.ok;
    // A refusal (a 4xx) leaves nothing on the server to resume; a lost connection keeps its entry, listed as unfinished.
    const refused = !answer.ok && answer.status !== null && answer.status >= 400 && answer.status < 500;
    if (run.resumes && (done || refused)) void uploadUrlStorage.removeUpload(run.resumes.urlStorageKey);
    if (refused)
      void uploadUrlStorage
        .findUploadsByFingerprint(fingerprint(file.id))
        .then((stored) => stored.forEach((entry) => void uploadUrlStorage.removeUpload(entry.urlStorageKey)));
    this.#update(
      file.id,
      done ? { status: "done", bytesSent: file.size ?? 0, rate: rateOf(freshMeter(), 0) } : { status: "failed", error: answer.message ?? answer.generic },
    );
    // After the tus plugin has let go of the file (it does so once this event returns), Uppy forgets
    // it, so the same file can be chosen again.
    queueMicrotask(() => {
      if (this.#uppy.getFile(file.id)) this.#uppy.removeFile(file.id);
    });
    run.settle(answer);
  }

  #update(id: string, patch: Partial<QueuedUpload>): void {
    this.#items = this.#items.map((item) => (item.id === id ? { ...item, ...patch } : item));
    this.#emit();
  }

  #emit(): void {
    for (const listener of this.#listeners) listener();
  }
}

// One set of queues per app, keyed by its query client: the page's one, or each test's screen.
const queuesByApp = new WeakMap<object, Map<string, UploadQueue>>();

/** The queue of one form (its scope: "report", "media", "gallery", "layer-12"); it outlives the form, so a closed dialog's uploads go on. */
export function queueFor(app: object, scope: string): UploadQueue {
  let queues = queuesByApp.get(app);
  if (!queues) {
    queues = new Map();
    queuesByApp.set(app, queues);
  }
  let queue = queues.get(scope);
  if (!queue) {
    queue = new UploadQueue(scope);
    queues.set(scope, queue);
  }
  return queue;
}
