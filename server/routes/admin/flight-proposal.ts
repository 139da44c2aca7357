import multipart from "@fastify/multipart";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { flightProposalAnswerSchema } from "@common/contract/flight-proposal";
import { currentUser, requireStaff } from "../../auth/session-hook";
import type { Database } from "../../db/client";
import { jobFlightProposal } from "../../flights/job-flight-proposal";
import { attachFlightLog } from "../../flights/flight-log";
import { DomainError } from "../../domain-errors";
import { answers, success } from "../../http/answers";
import { isMalformedMultipart, isTooLarge } from "../../uploads/receive-upload";
import { flightLogAnswerSchema } from "@common/contract/jobs";
import { idParams } from "../../http/id-params";
import type { Storage } from "../../storage/storage";

/** A flight log is text read whole: AirData writes about 10 rows a second, a few MB for an hour's flight. */
const LOG_MAX_MB = 20;
const NO_LOG = "Upload the flight log as a CSV file in the field file";

/** The multipart form's `file`, read into memory (parsed whole, so the import is all or nothing): its name and text. */
async function readLogFile(request: FastifyRequest): Promise<{ fileName: string; text: string }> {
  if (!request.isMultipart()) throw new DomainError("unsupported-type", "Send the flight log as multipart/form-data, in the field file");
  let file: { fileName: string; content: Buffer } | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: LOG_MAX_MB * 1024 * 1024, files: 1, fields: 5, fieldSize: 1_000 } })) {
      if (part.type === "field") continue;
      if (part.fieldname !== "file") {
        part.file.resume();
        continue;
      }
      file = { fileName: part.filename.slice(0, 200), content: await part.toBuffer() };
    }
  } catch (error) {
    if (isTooLarge(error)) throw new DomainError("too-large", `File exceeds the maximum size of ${LOG_MAX_MB}MB`);
    if (isMalformedMultipart(error)) throw new DomainError("invalid", "The upload is not a well-formed multipart/form-data body", undefined, { cause: error });
    throw error;
  }
  if (!file || file.content.length === 0) throw new DomainError("invalid", NO_LOG, { file: NO_LOG });
  const text = file.content.toString("utf8");
  if (text.includes("\0")) throw new DomainError("unsupported-type", "The file is not text: upload AirData's CSV export");
  return { fileName: file.fileName, text };
}

/**
 * GET /api/admin/jobs/:id/flight-proposal — the flights the job's photos tell of
 * (docs/decisions/0069-flights-from-photos.md), for the pilot's "Mark flown" step and the flight log.
 */
export const adminFlightProposalRoutes: FastifyPluginAsync<{ db: Database; storage: Storage }> = async (base, { db, storage }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  await app.register(multipart);

  app.get(
    "/api/admin/jobs/:id/flight-proposal",
    {
      preValidation: requireStaff,
      schema: {
        description:
          "The admins and the job's pilot; a customer gets 403, a pilot of another job 404, a visitor 401. Reads the EXIF and DJI XMP at the start of each of the job's images (time taken, in the site's time zone unless the camera wrote its offset; GPS position; RelativeAltitude; camera serial) and cuts them into flights at pauses of more than 10 minutes: each flight's first and last photo, its length in minutes to a tenth, its highest height above take-off in metres (null when no photo recorded one), the middle of its positions, the aircraft whose serial, Remote ID serial or payload serial is the one most of its photos carry (null for none), that serial, and how many photos. `skipped` lists each image without a time or a position, or not readable as a photo, with what it lacked.",
        params: idParams,
        response: answers({ 200: flightProposalAnswerSchema }),
      },
    },
    async (request) => success(await jobFlightProposal(db, storage, currentUser(request), request.params.id)),
  );

  app.post(
    "/api/admin/jobs/:id/flight-log",
    {
      preValidation: requireStaff,
      schema: {
        description: `The admins and the job's pilot; a customer gets 403, a pilot of another job 404, a visitor 401. multipart/form-data: \`file\`, a flight log exported by AirData as CSV, up to ${LOG_MAX_MB} MB. Its columns time(millisecond), datetime(utc), latitude, longitude and height_above_takeoff(feet) (converted to metres; height_above_takeoff(meters) is read as is) give the flight's take-off (the first row), landing (the last), duration, highest height above take-off and place (the take-off's), which replace the job's flight record's, with the log's name; the file is not kept. 400 names what is missing under \`file\` (a column, a number in a row), and nothing is changed; 409 when the job has no flight recorded yet (Mark flown first); 415 for a body that is not multipart or a file that is not text.`,
        params: idParams,
        response: answers({ 200: flightLogAnswerSchema }),
      },
    },
    async (request) => {
      const { fileName, text } = await readLogFile(request);
      const flight = await attachFlightLog(db, currentUser(request), request.params.id, fileName, text);
      return { success: true as const, message: "Flight log attached", data: flight };
    },
  );
};
