import type { FastifyRequest } from "fastify";
import { DomainError } from "../domain-errors";
import { isMalformedMultipart, isTooLarge } from "../uploads/receive-upload";

/** An import file is text read whole: a CSV or GeoJSON of a few thousand findings is far below this. */
export const IMPORT_MAX_MB = 10;
const NO_FILE = "Please upload a CSV or GeoJSON file";

/**
 * The import's multipart form: its `mapping` field and its `file`, read into memory (small text,
 * parsed whole so the import is all or nothing). Refuses a body that is not multipart with 415.
 */
export async function readImportForm(request: FastifyRequest): Promise<{ text: string; mapping: string | undefined }> {
  if (!request.isMultipart()) throw new DomainError("unsupported-type", "Send the file as multipart/form-data, in the field file");
  let mapping: string | undefined;
  let content: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: IMPORT_MAX_MB * 1024 * 1024, files: 1, fields: 5, fieldSize: 20_000 } })) {
      if (part.type === "field") {
        if (part.fieldname === "mapping") mapping = String(part.value);
        continue;
      }
      if (part.fieldname !== "file") {
        part.file.resume();
        continue;
      }
      content = await part.toBuffer();
    }
  } catch (error) {
    if (isTooLarge(error)) throw new DomainError("too-large", `File exceeds the maximum size of ${IMPORT_MAX_MB}MB`);
    if (isMalformedMultipart(error)) throw new DomainError("invalid", "The upload is not a well-formed multipart/form-data body", undefined, { cause: error });
    throw error;
  }
  if (!content || content.length === 0) throw new DomainError("invalid", NO_FILE, { file: NO_FILE });
  const text = content.toString("utf8");
  if (text.includes("\0")) throw new DomainError("unsupported-type", "The file is not text: import a CSV or GeoJSON file");
  return { text, mapping };
}
