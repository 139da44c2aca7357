import type { FastifyPluginAsync, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { jobFileListSchema } from "@common/contract/job-download";
import { parseJobFileRefs } from "@common/job-download";
import { currentUser, requireUser } from "../auth/session-hook";
import type { Database } from "../db/client";
import { answers, success } from "../http/answers";
import { HttpError } from "../http/errors";
import { jobArchive } from "../deliverables/job-archive";
import { listJobFiles, selectJobFiles } from "../deliverables/job-files";
import { zipDisposition } from "../deliverables/zip-entry-names";
import type { Storage } from "../storage/storage";
import { idParams } from "../http/id-params";

const DESCRIPTION =
  "The job's customer, its pilot and the admins; anyone else gets 404, a visitor 401. One ZIP of the job's files the caller may open, " +
  "built while it is sent (ZIP64 past 4 GB; no Content-Length): `reports/`, `media/`, `layers/` (the map layers' originals) and `documents/` " +
  "(what the customer sent), and `findings.csv` (the findings as GET /api/jobs/{id}/findings.csv gives them) with each finding's crops in `findings/` " +
  "(`finding-<id>-thermal.png`, `finding-<id>-visual.jpg`) when the caller may see findings and there are any; " +
  "the customer gets the deliverables and the findings once the job is delivered. Saved as `job-<id>-<title>.zip`. " +
  "`items` narrows it to the files given as `kind:id` (kinds: report, media, layer, document; and `findings:csv`, the CSV with the crops): 400 names a malformed list or an unknown kind, " +
  "404 an item that is not the job's; nothing is sent then.";

const downloadQuery = z.object({ items: z.string().max(10_000).optional() });

const LIST_DESCRIPTION =
  "The job's customer, its pilot and the admins; anyone else gets 404, a visitor 401. The files GET /api/jobs/{id}/download.zip puts in the ZIP for the caller, " +
  "in its order, each by the `kind` and `id` that select it in `items` (the findings' CSV as `findings`, `csv`, with no size: it is made as it is sent).";

/** GET /api/jobs/:id/download.zip (docs/decisions/0031-job-zip-downloads.md): "Download all" and "Download selected" on the job's page. */
export const jobDownloadRoutes: FastifyPluginAsync<{ db: Database; storage: Storage; publicUrl: string }> = async (base, { db, storage, publicUrl }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  /** GET /api/jobs/:id/files — what "Download selected" offers: the ZIP's list, by the same rule, so every kind it holds can be chosen. */
  app.get(
    "/api/jobs/:id/files",
    { preValidation: requireUser, schema: { description: LIST_DESCRIPTION, params: idParams, response: answers({ 200: jobFileListSchema }) } },
    async (request) => {
      const { files } = await listJobFiles(db, currentUser(request), request.params.id, publicUrl);
      // The findings' crops come with their CSV: chosen together, listed as the one item.
      return success(
        files.flatMap((file) =>
          file.kind === "finding-image"
            ? []
            : [
                file.kind === "findings"
                  ? { kind: "findings" as const, id: "csv" as const, title: file.title, size: null }
                  : { kind: file.kind, id: file.id as number, title: file.title, size: file.size },
              ],
        ),
      );
    },
  );

  app.get(
    "/api/jobs/:id/download.zip",
    {
      preValidation: requireUser,
      schema: {
        description: DESCRIPTION,
        params: idParams,
        querystring: downloadQuery,
        response: {
          ...answers({}),
          200: { description: "The ZIP, streamed", content: { "application/zip": { schema: z.string().meta({ format: "binary" }) } } },
        },
      },
    },
    async (request, reply) => {
      const { items } = request.query;
      const parsed = items === undefined ? undefined : parseJobFileRefs(items);
      if (parsed && "error" in parsed) throw new HttpError(400, parsed.error);
      // Everything is checked before the first byte: a refusal streams nothing.
      const { job, files } = await listJobFiles(db, currentUser(request), request.params.id, publicUrl);
      const chosen = parsed ? selectJobFiles(files, parsed.refs) : files;
      // The answer is a stream, not a JSON body the route's schemas describe.
      const raw: FastifyReply = reply;
      return raw
        .type("application/zip")
        .header("content-disposition", zipDisposition(job))
        .header("cache-control", "private, no-store")
        .send(jobArchive(storage, chosen));
    },
  );
};
