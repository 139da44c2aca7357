import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { flightProposalAnswerSchema } from "@common/contract/flight-proposal";
import { currentUser, requireStaff } from "../../auth/session-hook";
import type { Database } from "../../db/client";
import { jobFlightProposal } from "../../flights/job-flight-proposal";
import { answers, success } from "../../http/answers";
import { idParams } from "../../http/id-params";
import type { Storage } from "../../storage/storage";

/**
 * GET /api/admin/jobs/:id/flight-proposal — the flights the job's photos tell of
 * (docs/decisions/0069-flights-from-photos.md), for the pilot's "Mark flown" step and the flight log.
 */
export const adminFlightProposalRoutes: FastifyPluginAsync<{ db: Database; storage: Storage }> = async (base, { db, storage }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

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
};
