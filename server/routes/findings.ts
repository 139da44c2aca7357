import type { FastifyPluginAsync, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { findingCountsAnswerSchema, findingListSchema, findingWrittenSchema } from "@common/contract/findings";
import { findingStatusChangeSchema } from "@common/finding-input";
import { currentUser, requireUser } from "../auth/session-hook";
import type { Database } from "../db/client";
import { answers, fileAnswers, success } from "../http/answers";
import { findingsCsv, findingsGeoJson, findingsKml } from "../findings/export-findings";
import { countByStatus, countCustomerFindings, findVisibleFinding, listFindings, readCrop, readFinding, shapeFindings } from "../findings/read-findings";
import { moveFinding } from "../findings/write-findings";
import { regenerateAfterFindingsChange } from "../inspection-report/versions";
import type { TaskQueue } from "../queue/queue";
import { findingImageParams, idParams } from "../http/id-params";
import { DomainError } from "../domain-errors";
import { sendStoredFile } from "../media/send-file";
import type { Storage } from "../storage/storage";
import { findingMessages } from "@common/findings";

const FINDING_READERS =
  "The job's customer (once the job is delivered, as every deliverable; before that the list is empty; and only findings that are open, repair planned, repaired or verified: never a candidate or a dismissed finding, docs/decisions/0046), its pilot and the admins (every finding but candidates); anyone else gets 404, a visitor 401.";
const FIELDS =
  "A finding: `class` (of the job's service kind: solar, agriculture, or `other` for any), `severity` (minor, moderate, critical; set from `deltaT` and FINDINGS_DELTA_T_MODERATE / _CRITICAL when not given; another severity than ΔT's needs `severityReason`), `status` (open, repair_planned, repaired, verified, dismissed; `dismissReason` with dismissed; candidate is reserved for detection), `lat`, `lon`, `polygon` (agriculture: a GeoJSON Polygon), `locator` (block / row / string / module), `maxTemp`, `refTemp`, `deltaT` (°C), `indexValue`, `powerLoss` (kW), `mediaIds` (the job's media), `images` (their URLs), `note` and `history` (who, when, the move, the fields changed, the note).";
const EXPORT =
  "The columns (CSV) and properties (GeoJSON, KML ExtendedData) are the API's field names: id, class, severity, severityReason, status, dismissReason, lat, lon, polygon (GeoJSON text in CSV and KML), locator, maxTemp, refTemp, deltaT, indexValue, powerLoss, mediaIds (semicolon separated in CSV and KML), note, and imageUrls, full links to the images. POST /api/admin/jobs/{id}/findings/import reads each back.";

const attachment = (reply: FastifyReply, jobId: number, extension: string, type: string) =>
  reply
    .header("content-type", type)
    .header("content-disposition", `attachment; filename="job-${jobId}-findings.${extension}"`)
    .header("cache-control", "private, no-store");

/**
 * A job's findings for those who may see the job: the list with its counts by state, the
 * exports (CSV streamed, GeoJSON, KML), the customer's status changes, and their counts over all jobs.
 */
export const findingRoutes: FastifyPluginAsync<{ db: Database; queue: Pick<TaskQueue, "send">; publicUrl: string; storage: Storage }> = async (
  base,
  { db, queue, publicUrl, storage },
) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  /** GET /api/jobs/:id/findings/:findingId/images/:n — one of the finding's crops, to whoever may see the finding. */
  app.get(
    "/api/jobs/:id/findings/:findingId/images/:n",
    {
      preValidation: requireUser,
      schema: {
        description: `Whoever may see the finding: ${FINDING_READERS} The crop \`n\` of the finding's \`images\` (their URLs name it): PNG for a thermal crop, JPEG for a visual one. 404 for a crop of another finding, or one that could not be made.`,
        params: findingImageParams,
        response: fileAnswers,
      },
    },
    async (request, reply) => {
      const { finding } = await findVisibleFinding(db, currentUser(request), request.params.findingId);
      const crop = finding.jobId === request.params.id ? await readCrop(db, finding.id, request.params.n) : null;
      if (!crop?.storageKey) throw new DomainError("not-found", findingMessages.imageNotFound);
      return sendStoredFile(request, reply, storage, {
        key: crop.storageKey,
        contentType: crop.contentType,
        title: `finding-${finding.id}-${crop.kind}`,
        isPublic: false,
      });
    },
  );
  const readable = async (actor: Parameters<typeof listFindings>[1], jobId: number) => shapeFindings(db, await listFindings(db, actor, jobId));

  /** GET /api/jobs/:id/findings — the findings, oldest first, and how many are in each state. */
  app.get(
    "/api/jobs/:id/findings",
    {
      preValidation: requireUser,
      schema: {
        description: `${FINDING_READERS} Oldest first; \`counts\` gives how many are in each state (candidates never counted). ${FIELDS}`,
        params: idParams,
        response: answers({ 200: findingListSchema }),
      },
    },
    async (request) => {
      const rows = await listFindings(db, currentUser(request), request.params.id);
      return { ...success(await shapeFindings(db, rows)), counts: countByStatus(rows) };
    },
  );

  /** GET /api/jobs/:id/findings.csv — streamed. */
  app.get(
    "/api/jobs/:id/findings.csv",
    { preValidation: requireUser, schema: { description: `${FINDING_READERS} A CSV download, streamed. ${EXPORT}`, params: idParams, response: fileAnswers } },
    async (request, reply) => {
      const findings = await readable(currentUser(request), request.params.id);
      return attachment(reply, request.params.id, "csv", "text/csv; charset=utf-8").send(findingsCsv(findings, publicUrl));
    },
  );

  /** GET /api/jobs/:id/findings.geojson. */
  app.get(
    "/api/jobs/:id/findings.geojson",
    {
      preValidation: requireUser,
      schema: {
        description: `${FINDING_READERS} A GeoJSON FeatureCollection of Points ([longitude, latitude]) download. ${EXPORT}`,
        params: idParams,
        response: fileAnswers,
      },
    },
    async (request, reply) => {
      const findings = await readable(currentUser(request), request.params.id);
      return attachment(reply, request.params.id, "geojson", "application/geo+json").send(JSON.stringify(findingsGeoJson(findings, publicUrl)));
    },
  );

  /** GET /api/jobs/:id/findings.kml. */
  app.get(
    "/api/jobs/:id/findings.kml",
    {
      preValidation: requireUser,
      schema: {
        description: `${FINDING_READERS} A KML 2.2 download: a placemark per finding, styled by severity. ${EXPORT}`,
        params: idParams,
        response: fileAnswers,
      },
    },
    async (request, reply) => {
      const findings = await readable(currentUser(request), request.params.id);
      return attachment(reply, request.params.id, "kml", "application/vnd.google-earth.kml+xml").send(
        findingsKml(findings, publicUrl, `Job ${request.params.id} findings`),
      );
    },
  );

  /** PATCH /api/findings/:id { status, comment } — the customer plans or reports a repair; the business moves it anywhere the life cycle allows. */
  app.patch(
    "/api/findings/:id",
    {
      preValidation: requireUser,
      schema: {
        description:
          "The job's customer marks a finding `repair_planned` or `repaired` (open → repair_planned → repaired, or open → repaired) with an optional `comment`; any other status, or any other field, from them is 403. The job's pilot and the admins make any move of the life cycle (candidate → open or dismissed; open → repair_planned, repaired or dismissed; repair_planned → open, repaired or dismissed; repaired → open, repair_planned or verified; verified and dismissed → open); dismissing needs the reason as `comment` (400). A move the life cycle refuses is 409. Each change is kept in the finding's history. Anyone else gets 404, a visitor 401.",
        params: idParams,
        body: findingStatusChangeSchema,
        response: answers({ 200: findingWrittenSchema }),
      },
    },
    async (request) => {
      const actor = currentUser(request);
      await moveFinding(db, actor, request.params.id, request.body);
      const finding = await readFinding(db, actor, request.params.id);
      await regenerateAfterFindingsChange(db, queue, request.log, finding.jobId);
      return success(finding);
    },
  );

  /** GET /api/findings/counts — the customer's findings by state, for the dashboard. */
  app.get(
    "/api/findings/counts",
    {
      preValidation: requireUser,
      schema: {
        description:
          "The caller's own findings (as a customer: of their delivered jobs, candidates and dismissed findings never) by state, in total and per job (only jobs with findings). A visitor gets 401.",
        response: answers({ 200: findingCountsAnswerSchema }),
      },
    },
    async (request) => success(await countCustomerFindings(db, currentUser(request).id)),
  );
};
