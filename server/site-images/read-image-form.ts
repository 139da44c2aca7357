import type { FastifyRequest } from "fastify";
import { SITE_IMAGE_MAX_BYTES, siteImageMessages } from "@common/site-images";
import { oneLine } from "@common/one-line";
import { DomainError } from "../domain-errors";
import { isMalformedMultipart, isTooLarge } from "../uploads/receive-upload";

const fileName = oneLine("The file's name");

/** The picture's multipart form: its one `file`, read into memory (at most SITE_IMAGE_MAX_BYTES) before anything is stored. */
export async function readImageForm(request: FastifyRequest): Promise<{ content: Buffer; fileName: string }> {
  if (!request.isMultipart())
    throw new DomainError("invalid", "Send the picture as multipart/form-data, in the field file", { file: siteImageMessages.noFile });
  let upload: { content: Buffer; fileName: string } | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: SITE_IMAGE_MAX_BYTES, files: 1, fields: 2, fieldSize: 1_000 } })) {
      if (part.type === "field") continue;
      if (part.fieldname !== "file") {
        part.file.resume();
        continue;
      }
      const name = fileName.safeParse(part.filename);
      upload = { content: await part.toBuffer(), fileName: name.success ? name.data.slice(0, 200) : "picture" };
    }
  } catch (error) {
    if (isTooLarge(error)) throw new DomainError("too-large", siteImageMessages.tooLarge, { file: siteImageMessages.tooLarge });
    if (isMalformedMultipart(error))
      throw new DomainError("invalid", "The upload is not a well-formed multipart/form-data body", { file: siteImageMessages.noFile }, { cause: error });
    throw error;
  }
  if (!upload || upload.content.length === 0) throw new DomainError("invalid", siteImageMessages.noFile, { file: siteImageMessages.noFile });
  return upload;
}
