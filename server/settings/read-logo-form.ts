import type { FastifyRequest } from "fastify";
import { LOGO_MAX_BYTES } from "@common/settings";
import { DomainError } from "../domain-errors";
import { isMalformedMultipart, isTooLarge } from "../uploads/receive-upload";
import { logoMessages } from "./logo";

const NO_FILE = "Choose an image for the logo";

/** The logo's multipart form: its one `logo` file, read into memory (at most 5 MB), before anything is stored. */
export async function readLogoForm(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new DomainError("unsupported-type", "Send the logo as multipart/form-data, in the field logo", { logo: NO_FILE });
  let content: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 2, fieldSize: 1_000 } })) {
      if (part.type === "field") continue;
      if (part.fieldname !== "logo") {
        part.file.resume();
        continue;
      }
      content = await part.toBuffer();
    }
  } catch (error) {
    if (isTooLarge(error)) throw new DomainError("too-large", logoMessages.tooLarge, { logo: logoMessages.tooLarge });
    if (isMalformedMultipart(error))
      throw new DomainError("invalid", "The upload is not a well-formed multipart/form-data body", { logo: NO_FILE }, { cause: error });
    throw error;
  }
  if (!content || content.length === 0) throw new DomainError("invalid", NO_FILE, { logo: NO_FILE });
  return content;
}
