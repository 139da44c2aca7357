import type { Readable } from "node:stream";
import type { Upload } from "@tus/server";
import type { FastifyBaseLogger } from "fastify";
import { type ParsedTusMetadata, parseTusUploadMetadata, type TusUploadRequest } from "@common/tus-upload-metadata";
import type { TusUploadKind } from "@common/tus-uploads";
import { MB, UPLOAD_KINDS, type UploadKind } from "@common/uploads";
import type { Config } from "../config";
import type { Database } from "../db/client";
import { inputFieldErrors } from "../db/storable-input";
import { DomainError } from "../domain-errors";
import type { Notifier } from "../jobs/notifier";
import { validateGeoTiff } from "../map-layers/validate-geotiff";
import { assertTakesLayers } from "../map-layers/write-layers";
import type { TaskQueue } from "../queue/queue";
import type { Storage } from "../storage/storage";
import {
  assertOwnerAndService,
  jobOwnerOf,
  mediaOwnerOf,
  type StoredUpload,
  type Written,
  writeJobMedia,
  writeJobReport,
  writeLayer,
  writeMedia,
  writeReport,
} from "./write-deliverables";
import { detectType } from "../uploads/detect-type";
import { UPLOAD_FOLDERS } from "../uploads/receive-upload";
import type { ResumableStore } from "../uploads/tus/resumable-store";

/** Which multipart upload's rules (types, size limit, folder) each tus kind follows. */
const RULES_OF: Record<TusUploadKind, UploadKind> = {
  report: "report",
  media: "media",
  gallery: "media",
  layer: "mapLayer",
  "job-report": "jobReport",
  "job-media": "media",
};

/** The metadata key under which the creating admin is kept: a gallery item's owner is "admin", the admin who began it. */
const CREATED_BY = "createdBy";

export interface ResumableUploadsContext {
  db: Database;
  storage: Storage;
  store: ResumableStore;
  notifier: Notifier;
  queue: Pick<TaskQueue, "send">;
  rasters: Config["rasters"];
  log: Pick<FastifyBaseLogger, "error">;
}

function refuseMetadata(parsed: Extract<ParsedTusMetadata, { success: false }>): never {
  throw new DomainError("invalid", parsed.message, parsed.errors);
}

function parsed(metadata: Upload["metadata"]): TusUploadRequest {
  const result = parseTusUploadMetadata(metadata ?? {});
  if (!result.success) refuseMetadata(result);
  return result.data;
}

/** The storage folder of a new upload, from its metadata's kind (any, when the kind is wrong: creation refuses it then). */
export function folderOf(metadata: Upload["metadata"]): string {
  const kind = metadata?.["kind"];
  return UPLOAD_FOLDERS[RULES_OF[kind as TusUploadKind] ?? "media"];
}

const maxBytesOf = (kind: TusUploadKind, rasters: Config["rasters"]): number => (kind === "layer" ? rasters.maxBytes : UPLOAD_KINDS[RULES_OF[kind]].maxMb * MB);

/**
 * Checks a new upload before a byte is stored: a declared length (never deferred) within its kind's
 * limit, metadata valid by the multipart form's rules, and the customer, service and job as the
 * multipart routes check them. Answers the metadata to keep, with the creating admin.
 */
export async function checkNewUpload(context: ResumableUploadsContext, upload: Upload, adminId: number): Promise<Record<string, string | null>> {
  if (upload.sizeIsDeferred || upload.size === undefined) {
    const message = "Upload-Length is required: declare the file's size when the upload is created (deferred length is not accepted)";
    throw new DomainError("invalid", message, { "Upload-Length": message });
  }
  const metadata = upload.metadata ?? {};
  const unstorable = inputFieldErrors(metadata);
  if (Object.keys(unstorable).length > 0) throw new DomainError("invalid", Object.values(unstorable)[0]!, unstorable);
  const request = parsed(metadata);
  const maxBytes = maxBytesOf(request.kind, context.rasters);
  if (upload.size > maxBytes) throw new DomainError("too-large", `File exceeds the maximum size of ${Math.floor(maxBytes / MB)}MB`);
  if (upload.size === 0) throw new DomainError("invalid", `File "${request.filename}" is empty`, { file: `File "${request.filename}" is empty` });
  switch (request.kind) {
    case "layer":
      await assertTakesLayers(context.db, request.jobId);
      break;
    case "job-report":
    case "job-media":
      await jobOwnerOf(context.db, request.jobId);
      break;
    case "report":
      await assertOwnerAndService(context.db, request.fields.userId, request.fields.serviceId, request.fields.jobId);
      break;
    case "media":
    case "gallery":
      await assertOwnerAndService(context.db, mediaOwnerOf(request.fields, adminId), request.fields.serviceId, request.fields.jobId);
  }
  return { ...metadata, [CREATED_BY]: String(adminId) };
}

/** The type of the stored bytes, read from their first bytes as the multipart routes do. */
async function sniff(storage: Storage, key: string, name: string, kind: UploadKind): Promise<string> {
  const { types, label } = UPLOAD_KINDS[kind];
  const detected = await detectType(await storage.read(key));
  if (detected.empty) throw new DomainError("invalid", `File "${name}" is empty`, { file: `File "${name}" is empty` });
  (detected.stream as Readable).destroy();
  const { mime } = detected;
  if (!mime || !(types as readonly string[]).includes(mime))
    throw new DomainError("unsupported-type", `File "${name}" is not an accepted file type (accepted: ${label})`);
  return mime;
}

/** The row of a complete, checked file: what the multipart route of its kind writes and answers. */
async function writeRow(
  context: ResumableUploadsContext,
  request: TusUploadRequest,
  file: StoredUpload,
  bandCount: number,
  adminId: number,
): Promise<Written<unknown>> {
  const { db, notifier, queue, log } = context;
  switch (request.kind) {
    case "layer":
      // The multipart layer route announces nothing either: the layer reaches the customer once processed.
      return {
        data: await writeLayer(db, queue, { jobId: request.jobId, fields: request.fields, file, bandCount, uploadedBy: adminId }),
        announce: async () => undefined,
      };
    case "report":
      return writeReport(db, notifier, request.fields, file);
    case "media":
    case "gallery":
      return writeMedia({ db, notifier, queue, log }, adminId, request.fields, file);
    case "job-report":
      return writeJobReport(db, notifier, request.jobId, request.fields, file);
    case "job-media":
      return writeJobMedia({ db, notifier, queue, log }, request.jobId, request.fields, file);
  }
}

/**
 * Turns a complete upload into its row, exactly once (the caller holds the upload's lock): the bytes
 * are checked by content (and a layer's GeoTIFF header), kept under their kind's key, and the row
 * written. A refusal removes the upload whole, bytes and info, and no row is written.
 */
export async function completeUpload(context: ResumableUploadsContext, id: string, finishingAdminId: number): Promise<unknown> {
  const { storage, store } = context;
  const upload = await store.datastore.getUpload(id);
  if (upload.size === undefined || upload.offset !== upload.size) throw new DomainError("conflict", "The upload is not complete");
  let file: StoredUpload;
  let request: TusUploadRequest;
  let bandCount = 0;
  let adminId = finishingAdminId;
  try {
    request = parsed(upload.metadata);
    const createdBy = Number(upload.metadata?.[CREATED_BY]);
    if (Number.isInteger(createdBy) && createdBy > 0) adminId = createdBy;
    const rules = RULES_OF[request.kind];
    const bytesKey = store.bytesKey(id);
    const contentType = await sniff(storage, bytesKey, request.filename, rules);
    if (request.kind === "layer") ({ bandCount } = await validateGeoTiff(storage, bytesKey, upload.size, request.fields, context.rasters.bounds));
    file = { key: "", size: upload.size, contentType, originalName: request.filename };
  } catch (error) {
    await store.discard(id);
    throw error;
  }
  file.key = await store.settle(id);
  let written: Written<unknown>;
  try {
    written = await writeRow(context, request, file, bandCount, adminId);
  } catch (error) {
    await storage.delete(file.key);
    throw error;
  }
  await written.announce();
  return written.data;
}
