import multipart from "@fastify/multipart";
import type { FastifyPluginAsync } from "fastify";
import type { Storage } from "../../storage/storage";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  findingImportErrorSchema,
  findingListSchema,
  findingsImportedSchema,
  findingsImportPreviewSchema,
  findingWrittenSchema,
} from "@common/contract/findings";
import { findingInputSchema, findingPatchSchema } from "@common/finding-input";
import type { DeltaTThresholds } from "@common/findings";
import { currentUser, requireAdmin, requireStaff } from "../../auth/session-hook";
import type { Database } from "../../db/client";
import { answers, success } from "../../http/answers";
import { HttpError } from "../../http/errors";
import { inspectImport, parseMapping } from "../../findings/import-findings";
import { IMPORT_MAX_MB, readImportForm } from "../../findings/read-import-form";
import { countByStatus, listFindings, readFinding, shapeFindings } from "../../findings/read-findings";
import { createFinding, insertFindings, jobForWriting, updateFinding } from "../../findings/write-findings";
import { findingCropsTask } from "../../findings/make-crops";
import { regenerateAfterFindingsChange } from "../../inspection-report/versions";
import type { TaskQueue } from "../../queue/queue";
import { idParams } from "../../http/id-params";

const WRITERS = "The admins and the job's pilot; a customer gets 403, a pilot of another job 404, a visitor 401.";
const CHECKS =
  "400 names the field (`{ message, errors: { field: message } }`): `lat` in [-90, 90], `lon` in [-180, 180], `class` of the job's service kind (solar, agriculture; `other` for any), `mediaIds` the job's own media, `dismissReason` with status dismissed, `severityReason` for a severity other than the one ΔT gives (thresholds FINDINGS_DELTA_T_MODERATE / _CRITICAL, 10 and 20 °C by default), `severity` when there is no ΔT.";

/**
 * The back office's findings: the list with candidates, POST, PATCH and the import. The
 * job's pilot writes findings as the admins do; the guards let staff through, the job narrows them.
 */
export const adminFindingRoutes: FastifyPluginAsync<{ db: Database; storage: Storage; queue: Pick<TaskQueue, "send">; thresholds: DeltaTThresholds }> = async (
  base,
  { db, storage, queue, thresholds },
) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  // Here only, as for the other uploads: the plugin's hooks would otherwise run on every request of the site.
  await app.register(multipart);

  /** GET /api/admin/jobs/:id/findings?candidates=true — as the job's list, with the candidates a detector proposed when asked. */
  app.get(
    "/api/admin/jobs/:id/findings",
    {
      preValidation: requireAdmin,
      schema: {
        description:
          "Admins only. The job's findings as GET /api/jobs/{id}/findings gives them; `candidates=true` adds the candidates (status candidate, reserved for detection), which nobody else sees.",
        params: idParams,
        querystring: z.object({ candidates: z.enum(["true", "false"], { message: "candidates is true or false" }).optional() }),
        response: answers({ 200: findingListSchema }),
      },
    },
    async (request) => {
      const rows = await listFindings(db, currentUser(request), request.params.id, { candidates: request.query.candidates === "true" });
      return { ...success(await shapeFindings(db, rows)), counts: countByStatus(rows) };
    },
  );

  /** POST /api/admin/jobs/:id/findings — one finding; its severity from ΔT unless given. */
  app.post(
    "/api/admin/jobs/:id/findings",
    {
      preValidation: requireStaff,
      schema: {
        description: `${WRITERS} Adds one finding (status open unless given) and its first history entry; answers it. ${CHECKS}`,
        params: idParams,
        body: findingInputSchema,
        response: answers({ 201: findingWrittenSchema }),
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const row = await createFinding(db, actor, request.params.id, request.body, thresholds);
      await queue.send(findingCropsTask, { jobId: request.params.id });
      await regenerateAfterFindingsChange(db, queue, request.log, request.params.id);
      return reply.code(201).send(success(await readFinding(db, actor, row.id)));
    },
  );

  /** PATCH /api/admin/findings/:id — any field, a status move, a comment; each change a history entry. */
  app.patch(
    "/api/admin/findings/:id",
    {
      preValidation: requireStaff,
      schema: {
        description: `${WRITERS} Any field of POST, each optional, and \`comment\` (kept in the history with the fields changed). A severity set from ΔT follows a new ΔT; a status move must be one of the life cycle's (409 otherwise; see PATCH /api/findings/{id}). ${CHECKS}`,
        params: idParams,
        body: findingPatchSchema,
        response: answers({ 200: findingWrittenSchema }),
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const { moved, staleCrops } = await updateFinding(db, actor, request.params.id, request.body, thresholds);
      const finding = await readFinding(db, actor, request.params.id);
      if (moved) {
        for (const key of staleCrops) await storage.delete(key);
        await queue.send(findingCropsTask, { jobId: finding.jobId });
      }
      await regenerateAfterFindingsChange(db, queue, request.log, finding.jobId);
      return success(finding);
    },
  );

  /** POST /api/admin/jobs/:id/findings/import — a CSV or GeoJSON, all or nothing; `?dryRun=true` checks it and writes nothing. */
  app.post(
    "/api/admin/jobs/:id/findings/import",
    {
      preValidation: requireStaff,
      schema: {
        description: `${WRITERS} multipart/form-data: \`file\`, a CSV (a header row, then a finding per row), a GeoJSON FeatureCollection of Points (properties named as the fields) or our own KML export, up to ${IMPORT_MAX_MB} MB and 5,000 findings; and \`mapping\` (optional JSON: our field name → the file's column, e.g. {"deltaT": "Delta T (C)"}; by default our export's names). Every finding is checked as POST checks one; all are added, or none: 400 \`{ message, errors: [{ row, column, message }] }\`, every bad cell named by its finding's number in the file (1 for the first row after the CSV header, or the first feature) and the file's column. \`dryRun=true\` writes nothing and answers 200 \`{ data: { columns, rows, preview, errors } }\`: the file's columns (to map), how many findings it holds, the first five as read through the mapping, and every bad cell as the import would name it. 415 for a body that is not multipart or a file that is not text, 413 over the size.`,
        params: idParams,
        querystring: z.object({ dryRun: z.enum(["true", "false"], { message: "dryRun is true or false" }).optional() }),
        response: answers({ 200: findingsImportPreviewSchema, 201: findingsImportedSchema, 400: findingImportErrorSchema }),
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const job = await jobForWriting(db, actor, request.params.id, thresholds);
      const form = await readImportForm(request);
      const mapping = parseMapping(form.mapping);
      if ("error" in mapping) throw new HttpError(400, mapping.error, { mapping: mapping.error });
      const read = inspectImport(form.text, mapping, job);
      if (request.query.dryRun === "true") {
        const { columns, rows: count, preview, errors } = read;
        return reply.code(200).send(success({ columns, rows: count, preview, errors }));
      }
      if (read.errors.length > 0) {
        const count = new Set(read.errors.map((error) => error.row)).size;
        return reply
          .code(400)
          .send({ message: `Nothing was imported: ${count === 1 ? "1 finding has" : `${count} findings have`} errors`, errors: read.errors });
      }
      const rows = await insertFindings(db, actor, request.params.id, read.findings, "Imported");
      await queue.send(findingCropsTask, { jobId: request.params.id });
      await regenerateAfterFindingsChange(db, queue, request.log, request.params.id);
      const count = rows.length;
      return reply
        .code(201)
        .send({ success: true as const, message: `${count} finding${count === 1 ? "" : "s"} imported`, data: await shapeFindings(db, rows) });
    },
  );
};
