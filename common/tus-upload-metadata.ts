import { z } from "zod";
import {
  type JobDeliverableFields,
  jobDeliverableFieldsSchema,
  type MediaUploadFields,
  mediaUploadFieldsSchema,
  type ReportUploadFields,
  reportUploadFieldsSchema,
  UPLOAD_VALIDATION_MESSAGE,
} from "./admin-uploads";
import { type MapLayerFields, mapLayerFieldsSchema } from "./map-layers";
import { TUS_UPLOAD_KINDS } from "./tus-uploads";
import { type FieldErrors, fieldErrorsOf, idMessage, MAX_ID, nulMessage } from "./validation";
import { oneLine } from "./one-line";

const tusMetadataMessages = {
  kind: `kind must be one of ${TUS_UPLOAD_KINDS.join(", ")}`,
  filename: "Give the file's name (filename)",
  filenameLong: "The file name is too long (at most 255 characters)",
} as const;

/** What every upload names besides its form: the kind of row it becomes, and the file's name and (browser-guessed) type. */
const fileSchema = z.object({
  kind: z.enum(TUS_UPLOAD_KINDS, { message: tusMetadataMessages.kind }),
  filename: oneLine("The file name", tusMetadataMessages.filename)
    .min(1, tusMetadataMessages.filename)
    .max(255, tusMetadataMessages.filenameLong)
    .refine((value) => !value.includes("\0"), nulMessage("The file name")),
  // The browser's guess, kept for nothing: the type is read from the bytes once the upload is complete.
  filetype: z.string().max(255).optional(),
});

/** A layer's or a job deliverable's job travels in the metadata, where the multipart route has it in its path. */
const jobIdSchema = z.object({
  jobId: z.coerce
    .number<string>({ message: idMessage("jobId") })
    .int(idMessage("jobId"))
    .positive(idMessage("jobId"))
    .max(MAX_ID, idMessage("jobId")),
});

interface UploadFile {
  filename: string;
  filetype?: string | undefined;
}

/** A valid Upload-Metadata, by kind: the same fields, and the same rules, as the multipart form of that kind. */
export type TusUploadRequest =
  | (UploadFile & { kind: "report"; fields: ReportUploadFields })
  | (UploadFile & { kind: "media" | "gallery"; fields: MediaUploadFields })
  | (UploadFile & { kind: "layer"; jobId: number; fields: MapLayerFields })
  | (UploadFile & { kind: "job-report" | "job-media"; jobId: number; fields: JobDeliverableFields });

export type ParsedTusMetadata = { success: true; data: TusUploadRequest } | { success: false; message: string; errors: FieldErrors };

const refused = (message: string | undefined, errors: FieldErrors): ParsedTusMetadata => ({
  success: false,
  message: message ?? Object.values(errors)[0] ?? "Invalid upload metadata",
  errors,
});

/**
 * Checks a tus upload's metadata (keys as tus decodes them: a key sent without a value is null)
 * with the schemas of the multipart forms, so one set of rules and messages serves both. Errors
 * name the metadata's keys: a layer's `kind` is `layerKind` here.
 */
export function parseTusUploadMetadata(metadata: Readonly<Record<string, string | null | undefined>>): ParsedTusMetadata {
  const sent: Record<string, string> = {};
  for (const [key, value] of Object.entries(metadata)) if (value !== null && value !== undefined) sent[key] = value;
  const file = fileSchema.safeParse(sent);
  if (!file.success) return refused(undefined, fieldErrorsOf(file.error.issues));
  const { kind, filename, filetype } = file.data;
  const base = { filename, ...(filetype === undefined ? {} : { filetype }) };
  switch (kind) {
    case "report": {
      const fields = reportUploadFieldsSchema.safeParse(sent);
      return fields.success
        ? { success: true, data: { ...base, kind, fields: fields.data } }
        : refused(UPLOAD_VALIDATION_MESSAGE, fieldErrorsOf(fields.error.issues));
    }
    case "media":
    case "gallery": {
      const fields = mediaUploadFieldsSchema.safeParse(sent);
      return fields.success
        ? { success: true, data: { ...base, kind, fields: fields.data } }
        : refused(UPLOAD_VALIDATION_MESSAGE, fieldErrorsOf(fields.error.issues));
    }
    case "layer": {
      const { layerKind, ...rest } = sent;
      const fields = mapLayerFieldsSchema.safeParse({ ...rest, ...(layerKind === undefined ? {} : { kind: layerKind }) });
      const job = jobIdSchema.safeParse(sent);
      const errors: FieldErrors = {
        ...(job.success ? {} : fieldErrorsOf(job.error.issues)),
        ...(fields.success ? {} : fieldErrorsOf(fields.error.issues.map((issue) => (issue.path[0] === "kind" ? { ...issue, path: ["layerKind"] } : issue)))),
      };
      if (!job.success || !fields.success) return refused(undefined, errors);
      return { success: true, data: { ...base, kind, jobId: job.data.jobId, fields: fields.data } };
    }
    case "job-report":
    case "job-media": {
      const fields = jobDeliverableFieldsSchema.safeParse(sent);
      const job = jobIdSchema.safeParse(sent);
      const errors: FieldErrors = { ...(job.success ? {} : fieldErrorsOf(job.error.issues)), ...(fields.success ? {} : fieldErrorsOf(fields.error.issues)) };
      if (!job.success || !fields.success) return refused(UPLOAD_VALIDATION_MESSAGE, errors);
      return { success: true, data: { ...base, kind, jobId: job.data.jobId, fields: fields.data } };
    }
  }
}
