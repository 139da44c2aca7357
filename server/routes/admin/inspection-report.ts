import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  inspectionConditionsAnswerSchema,
  inspectionConditionsInputSchema,
  inspectionReportQueuedSchema,
  inspectionReportStateSchema,
} from "@common/contract/inspection-report";
import { currentUser, requireStaff } from "../../auth/session-hook";
import type { Database } from "../../db/client";
import { answers, success } from "../../http/answers";
import { currentWarnings, readConditions, saveConditions } from "../../inspection-report/conditions";
import { jobForReport, listVersions, requestReport, shapeVersion } from "../../inspection-report/versions";
import type { TaskQueue } from "../../queue/queue";
import { idParams } from "../../http/id-params";

const WHO = "The admins and the job's pilot; a customer gets 403, a pilot of another job 404, a visitor 401.";
const CONDITIONS =
  "The inspection conditions at the flight, as IEC TS 62446-3 asks a report to state them: `irradiance` (W/m², 0–1500), `ambientTemp` (°C, -50–60), `windSpeed` (m/s, 0–60), `cloudCover` (in `cloudUnit`: `oktas`, a whole number 0–8, or `percent`, 0–100), each null when not recorded, and the `aircraft` and `camera` flown (text, up to 120 characters). `missing` lists the measurements not recorded: the report warns while any is.";

/**
 * A job's inspection conditions and its generated inspection report: the admins and the
 * job's pilot record the conditions, ask for the report (queued) and follow its versions.
 */
export const adminInspectionReportRoutes: FastifyPluginAsync<{ db: Database; queue: Pick<TaskQueue, "send"> }> = async (base, { db, queue }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.addHook("preValidation", requireStaff);

  /** GET /api/admin/jobs/:id/inspection-conditions. */
  app.get(
    "/api/admin/jobs/:id/inspection-conditions",
    {
      schema: {
        description: `${WHO} ${CONDITIONS} Before any is recorded every measurement is null.`,
        params: idParams,
        response: answers({ 200: inspectionConditionsAnswerSchema }),
      },
    },
    async (request) => {
      await jobForReport(db, currentUser(request), request.params.id);
      return success(await readConditions(db, request.params.id));
    },
  );

  /** PUT /api/admin/jobs/:id/inspection-conditions — records them all at once (a value left null is not recorded). */
  app.put(
    "/api/admin/jobs/:id/inspection-conditions",
    {
      schema: {
        description: `${WHO} Records the conditions, replacing what was recorded. ${CONDITIONS} 400 names the field.`,
        params: idParams,
        body: inspectionConditionsInputSchema,
        response: answers({ 200: inspectionConditionsAnswerSchema }),
      },
    },
    async (request) => {
      const actor = currentUser(request);
      await jobForReport(db, actor, request.params.id);
      return success(await saveConditions(db, actor, request.params.id, request.body));
    },
  );

  /** GET /api/admin/jobs/:id/report — the versions, newest first, and what a new one would warn about. */
  app.get(
    "/api/admin/jobs/:id/report",
    {
      schema: {
        description: `${WHO} Every version of the job's generated inspection report, newest first: \`status\` queued, generating, published (\`reportId\`: the report, in the customer's GET /api/reports once the job is delivered) or failed (\`error\`), with its \`warnings\`; and \`warnings\`, what a report generated now would warn about (the inspection conditions not recorded).`,
        params: idParams,
        response: answers({ 200: inspectionReportStateSchema }),
      },
    },
    async (request) => {
      await jobForReport(db, currentUser(request), request.params.id);
      const [versions, warnings] = await Promise.all([listVersions(db, request.params.id), currentWarnings(db, request.params.id)]);
      return success({ versions: versions.map(shapeVersion), warnings });
    },
  );

  /** POST /api/admin/jobs/:id/report — queues the next version (202), or answers the one already under way (200). */
  app.post(
    "/api/admin/jobs/:id/report",
    {
      schema: {
        description: `${WHO} Queues the generation of the job's inspection report (a PDF: cover, inspection conditions, a summary by class and severity with the estimated power loss, a map of the site with the findings, and a section per finding with its data, history and images), published as the next version, a report of the job; 202 with the version queued and its \`warnings\` (the inspection conditions not recorded: an IEC TS 62446-3 report is not accepted without them, and the PDF says so). A version already queued or generating is the answer instead (200). Once one is published, any change of the job's findings queues the next version by itself; earlier versions stay.`,
        params: idParams,
        response: answers({ 200: inspectionReportQueuedSchema, 202: inspectionReportQueuedSchema }),
      },
    },
    async (request, reply) => {
      const { row, queued } = await requestReport(db, queue, currentUser(request), request.params.id);
      const message = queued
        ? `Version ${row.version} of the inspection report is queued`
        : `Version ${row.version} of the inspection report is already ${row.status}`;
      return reply.code(queued ? 202 : 200).send({ success: true as const, message, data: shapeVersion(row) });
    },
  );
};
