import { randomUUID } from "node:crypto";
import { finished, PassThrough, type Readable } from "node:stream";
import type { FastifyRequest } from "fastify";
import type {} from "@fastify/multipart";
import { MB, UPLOAD_KINDS, type UploadKind } from "@common/uploads";
import { nulMessage } from "@common/validation";
import { DomainError } from "../domain-errors";
import { assertStorableInput } from "../db/storable-input";
import type { Storage, StoredObject } from "../storage/storage";
import { detectType } from "./detect-type";

interface ReceivedFile {
  key: string;
  size: number;
  /** The type read from the file's bytes. */
  contentType: string;
  originalName: string;
}

export interface ReceivedUpload {
  fields: Record<string, string>;
  file: ReceivedFile;
  /** Deletes the stored file: call it when the row cannot be written. */
  discard(): Promise<void>;
}

export function isTooLarge(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === "FST_REQ_FILE_TOO_LARGE";
}

/** Busboy's words for a body that is not multipart at all (no boundary), or that ends mid-part (the part's own error says "Part terminated early"). */
const MALFORMED_MULTIPART = new Set([
  "Multipart: Boundary not found",
  "Unexpected end of multipart data",
  "Part terminated early due to unexpected end of multipart data",
]);

export function isMalformedMultipart(error: unknown): boolean {
  return error instanceof Error && MALFORMED_MULTIPART.has(error.message);
}

/**
 * Settles (rejecting) only if the stream fails. A body ending mid-file makes @fastify/multipart
 * destroy the part's stream with busboy's error, often before we read it: its 'error' event is
 * then past, no byte or end follows, and a read waiting for either would wait forever.
 * finished() also reports a stream that failed before we asked.
 */
function failureOf(stream: Readable): { failed: Promise<never>; stop(): void } {
  let stop = () => {};
  const failed = new Promise<never>((_, reject) => {
    stop = finished(stream, (error) => {
      if (error) reject(error);
    });
  });
  return { failed, stop };
}

const NO_FILE = "Please upload a file";

const STORAGE_UNAVAILABLE = "File storage is temporarily unavailable. Please try again shortly.";

/**
 * Stores the client's stream, telling a failing store (503: worth retrying) from a failing client
 * (its own error, e.g. an aborted request). The store reads through a pipe of its own, so its
 * failure never shows up as an error of the client's stream.
 */
async function storeFromClient(storage: Storage, key: string, source: Readable): Promise<StoredObject> {
  let clientError: unknown;
  const feed = new PassThrough();
  // The store hears of the failure through its own read of the feed, which may not have begun (it
  // opens its target first): without a listener here, the feed's error would be thrown as uncaught
  // and end the process.
  feed.on("error", () => {});
  // finished(), not on("error"): the client's stream may have failed before this point.
  finished(source, (error) => {
    if (!error) return;
    clientError = error;
    feed.destroy(error);
  });
  source.pipe(feed);
  try {
    return await storage.put(key, feed);
  } catch (error) {
    if (clientError !== undefined) throw clientError;
    // The rest of the file goes nowhere, so the client finishes sending and reads the answer.
    source.unpipe(feed);
    feed.destroy();
    source.resume();
    throw new DomainError("unavailable", STORAGE_UNAVAILABLE, undefined, { cause: error });
  }
}

/** The folder of each kind's files in storage (keys are lowercase). */
export const UPLOAD_FOLDERS: Record<UploadKind, string> = {
  report: "report",
  jobReport: "report",
  media: "media",
  mapLayer: "map-layers",
  jobDocument: "job-documents",
};

/**
 * An upload's rule given whole, for a kind kept out of UPLOAD_KINDS because no first screen of the
 * client needs it (UPLOAD_KINDS ships with every page that uploads): a record's scanned copy.
 */
export interface UploadRule {
  types: readonly string[];
  maxMb: number;
  label: string;
  /** Its files' folder in storage (keys are lowercase). */
  folder: string;
}

export interface UploadOptions {
  /** Replaces the kind's size limit (map layers: MAP_LAYER_MAX_MB). */
  maxBytes?: number;
  /**
   * Checks the fields sent before the file, once its part begins: a refusal here answers before a
   * byte of the file is stored, so a 10 GB map layer for a closed job is not sent to storage first.
   */
  beforeFile?(fields: Record<string, string>): Promise<void> | void;
}

/**
 * Streams a multipart request's single file straight into storage (never whole in memory),
 * checking its type by content and its size as it flows. On any failure the stored bytes are
 * removed before the error leaves, so no half upload remains (docs/architecture.md §4).
 */
export async function receiveUpload(
  request: FastifyRequest,
  storage: Storage,
  kind: UploadKind | UploadRule,
  options: UploadOptions = {},
): Promise<ReceivedUpload> {
  const rule = typeof kind === "string" ? { ...UPLOAD_KINDS[kind], folder: UPLOAD_FOLDERS[kind] } : kind;
  const { types, label } = rule;
  const maxBytes = options.maxBytes ?? rule.maxMb * MB;
  const fields: Record<string, string> = {};
  let file: ReceivedFile | undefined;
  try {
    const parts = request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 20, fieldSize: 20_000 } });
    for await (const part of parts) {
      if (part.type === "field") {
        fields[part.fieldname] = String(part.value);
        // Here, not after the file: a refused field must not wait for a 1000 MB file to be stored first.
        assertStorableInput({ [part.fieldname]: fields[part.fieldname] });
        continue;
      }
      const name = part.filename || "file";
      if (name.includes("\0")) {
        part.file.resume();
        throw new DomainError("invalid", nulMessage("The file name"), { file: nulMessage("The file name") });
      }
      if (options.beforeFile) {
        try {
          await options.beforeFile(fields);
        } catch (error) {
          part.file.resume();
          throw error;
        }
      }
      const fileFailure = failureOf(part.file);
      const detected = await Promise.race([detectType(part.file), fileFailure.failed]).finally(fileFailure.stop);
      if (detected.empty) throw new DomainError("invalid", `File "${name}" is empty`, { file: `File "${name}" is empty` });
      const { stream, mime } = detected;
      if (!mime || !(types as readonly string[]).includes(mime)) {
        stream.resume();
        throw new DomainError("unsupported-type", `File "${name}" is not an accepted file type (accepted: ${label})`);
      }
      const key = `${rule.folder}/${randomUUID()}`;
      const { size } = await storeFromClient(storage, key, stream);
      file = { key, size, contentType: mime, originalName: name };
    }
  } catch (error) {
    if (file) await storage.delete(file.key);
    if (isTooLarge(error)) throw new DomainError("too-large", `File exceeds the maximum size of ${Math.floor(maxBytes / MB)}MB`);
    if (isMalformedMultipart(error)) throw new DomainError("invalid", "The upload is not a well-formed multipart/form-data body", undefined, { cause: error });
    throw error;
  }
  // Named as the file's field too, so a form puts it under its file picker.
  if (!file) throw new DomainError("invalid", NO_FILE, { file: NO_FILE });
  const stored = file;
  return { fields, file: stored, discard: () => storage.delete(stored.key) };
}
