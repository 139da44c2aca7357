import multipart from "@fastify/multipart";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { calendarDateIn } from "@common/calendar-date";
import {
  aircraftAnswerSchema,
  aircraftListSchema,
  batteryAnswerSchema,
  batteryListSchema,
  maintenanceAnswerSchema,
  maintenanceListSchema,
  certificateAnswerSchema,
  certificateListSchema,
  complianceWarningsSchema,
  policyAnswerSchema,
  policyListSchema,
} from "@common/contract/operator-records";
import {
  aircraftChangeSchema,
  batteryChangeSchema,
  batteryParams,
  certificateChangeSchema,
  maintenanceChangeSchema,
  maintenanceParams,
  newBatterySchema,
  newMaintenanceSchema,
  newAircraftSchema,
  newCertificateSchema,
  newPolicySchema,
  pilotCertificateParams,
  pilotParams,
  policyChangeSchema,
  recordMessages,
  SCANNED_COPY_FILES,
  scannedCopyQuery,
} from "@common/operator-records";
import { MB } from "@common/uploads";
import { MAX_ID } from "@common/validation";
import { currentUser, requireAdmin, requireStaff } from "../../auth/session-hook";
import type { BillingSource } from "../../billing/settings";
import type { Database } from "../../db/client";
import { DomainError } from "../../domain-errors";
import { answers, fileAnswers, success } from "../../http/answers";
import { idParams } from "../../http/id-params";
import { complianceWarnings } from "../../jobs/compliance";
import {
  addAircraft,
  addBattery,
  addCertificate,
  addMaintenance,
  addPolicy,
  changeAircraft,
  changeBattery,
  changeCertificate,
  changeMaintenance,
  changePolicy,
  listAircraft,
  listBatteries,
  listCertificates,
  listMaintenance,
  listPolicies,
  addCertificateCopy,
  addPolicyCopy,
  assertCopyTarget,
  findScannedCopy,
} from "../../operator-records/records";
import { sendStoredFile } from "../../media/send-file";
import type { Storage } from "../../storage/storage";
import { receiveUpload, type ReceivedUpload } from "../../uploads/receive-upload";
import { renderCompliancePacket } from "../../operator-records/compliance-packet";

const ADMINS_ONLY = "Admins only: a pilot or a customer gets 403, a visitor 401.";
const OWN_OR_ADMIN = "An admin: any pilot's; a pilot: their own only (another pilot's is 403); a customer 403, a visitor 401.";

const { maxMb, label } = SCANNED_COPY_FILES;
const UPLOAD = `multipart/form-data with one file as \`file\` (${label}, up to ${maxMb} MB), told by its bytes, not its name or declared type. It becomes the copy on file; a copy it replaces stays readable by its id (the history event that added it names it). 400 under \`file\`: no file, an empty one, one over ${maxMb} MB, or one that is not a PDF, JPEG or PNG; a refused upload leaves no row and no stored file.`;
const READ =
  "The copy on file, shown inline (a PDF or an image), or with ?version= one of the record's copies its history names, a replaced one too; ?download=1 saves it under its uploaded name. 404 when there is none.";

/**
 * 401 a visitor, 403 a customer and a pilot asking for another pilot's certificates, all before the
 * body is read (docs/architecture.md §4).
 */
async function requireOwnOrAdmin(request: FastifyRequest): Promise<void> {
  await requireStaff(request);
  const user = currentUser(request);
  const { userId } = request.params as { userId?: string };
  if (user.role !== "admin" && userId !== String(user.id)) throw new DomainError("forbidden", "A pilot sees only their own certificates");
}

/**
 * The scanned copy, stored as the other uploads are (by content, streamed, removed on any failure),
 * with every refusal a 400 under `file` as the records' forms show it (docs/decisions/0075-scanned-copies.md).
 */
async function receiveCopy(request: FastifyRequest, storage: Storage): Promise<ReceivedUpload> {
  try {
    return await receiveUpload(request, storage, { ...SCANNED_COPY_FILES, folder: "scanned-copies" });
  } catch (error) {
    if (error instanceof DomainError && error.kind === "unsupported-type")
      throw new DomainError("invalid", recordMessages.copyType, { file: recordMessages.copyType }, { cause: error });
    if (error instanceof DomainError && error.kind === "too-large")
      throw new DomainError("invalid", recordMessages.copyTooLarge(maxMb), { file: recordMessages.copyTooLarge(maxMb) }, { cause: error });
    throw error;
  }
}

/** The operator's records (docs/decisions/0068-operator-records.md): certificates, aircraft, insurance; none is ever deleted. */
export const adminOperatorRecordRoutes: FastifyPluginAsync<{ db: Database; billing: BillingSource; storage: Storage }> = async (
  base,
  { db, billing, storage },
) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  // Here only, as for the other uploads: the plugin's hooks would otherwise run on every request of the site.
  await app.register(multipart, { limits: { fileSize: maxMb * MB, files: 1 } });

  /** GET /api/admin/pilots/:userId/certificates — newest expiry first, each with its history. */
  app.get(
    "/api/admin/pilots/:userId/certificates",
    {
      preValidation: requireOwnOrAdmin,
      schema: {
        description: `${OWN_OR_ADMIN} The pilot's certificates, newest expiry first, each with its history. 404 for an account that is not staff.`,
        params: pilotParams,
        response: answers({ 200: certificateListSchema }),
      },
    },
    async (request) => success(await listCertificates(db, request.params.userId)),
  );

  /** POST /api/admin/pilots/:userId/certificates { type, number, issuedOn, expiresOn }. */
  app.post(
    "/api/admin/pilots/:userId/certificates",
    {
      preValidation: requireOwnOrAdmin,
      schema: {
        description: `${OWN_OR_ADMIN} Records a certificate; expiresOn is its last current day (Part 107: the recurrent training's due date). 400 names the field: an unknown type, an empty number, a date not YYYY-MM-DD, an expiry before the issue.`,
        params: pilotParams,
        body: newCertificateSchema,
        response: answers({ 201: certificateAnswerSchema }),
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        success: true as const,
        message: "Certificate recorded",
        data: await addCertificate(db, currentUser(request), request.params.userId, request.body),
      }),
  );

  /** PATCH /api/admin/pilots/:userId/certificates/:id — any of its fields, kept in its history. */
  app.patch(
    "/api/admin/pilots/:userId/certificates/:id",
    {
      preValidation: requireOwnOrAdmin,
      schema: {
        description: `${OWN_OR_ADMIN} Changes the fields given; the history names each change. A renewal is better recorded as a new certificate, the old one kept. 404 for a certificate not the pilot's.`,
        params: pilotCertificateParams,
        body: certificateChangeSchema,
        response: answers({ 200: certificateAnswerSchema }),
      },
    },
    async (request) => ({
      success: true as const,
      message: "Certificate updated",
      data: await changeCertificate(db, currentUser(request), request.params.userId, request.params.id, request.body),
    }),
  );

  /** GET /api/admin/aircraft — the fleet, each with its history. */
  app.get(
    "/api/admin/aircraft",
    {
      preValidation: requireAdmin,
      schema: { description: `${ADMINS_ONLY} The fleet, by make and model, each with its history.`, response: answers({ 200: aircraftListSchema }) },
    },
    async () => success(await listAircraft(db)),
  );

  /** POST /api/admin/aircraft { make, model, serial, registration, registrationExpiresOn, … }. */
  app.post(
    "/api/admin/aircraft",
    {
      preValidation: requireAdmin,
      schema: {
        description: `${ADMINS_ONLY} Records an aircraft. 400 names the field: an empty make, model or serial, a date not YYYY-MM-DD, a negative or fractional flightHoursTenths, an unknown status.`,
        body: newAircraftSchema,
        response: answers({ 201: aircraftAnswerSchema }),
      },
    },
    async (request, reply) =>
      reply.code(201).send({ success: true as const, message: "Aircraft recorded", data: await addAircraft(db, currentUser(request), request.body) }),
  );

  /** PATCH /api/admin/aircraft/:id — any of its fields; `status: grounded` keeps it off scheduled jobs. */
  app.patch(
    "/api/admin/aircraft/:id",
    {
      preValidation: requireAdmin,
      schema: {
        description: `${ADMINS_ONLY} Changes the fields given, kept in its history; a grounded aircraft cannot be scheduled. 404 for an unknown aircraft.`,
        params: idParams,
        body: aircraftChangeSchema,
        response: answers({ 200: aircraftAnswerSchema }),
      },
    },
    async (request) => ({
      success: true as const,
      message: "Aircraft updated",
      data: await changeAircraft(db, currentUser(request), request.params.id, request.body),
    }),
  );

  /** GET /api/admin/aircraft/:id/batteries — the aircraft's batteries, their cycles computed from the recorded flights. */
  app.get(
    "/api/admin/aircraft/:id/batteries",
    {
      preValidation: requireAdmin,
      schema: {
        description: `${ADMINS_ONLY} The aircraft's batteries by serial: cycles are those recorded with it plus one per flight record naming it; each with its history. 404 for an unknown aircraft.`,
        params: idParams,
        response: answers({ 200: batteryListSchema }),
      },
    },
    async (request) => success(await listBatteries(db, request.params.id)),
  );

  /** POST /api/admin/aircraft/:id/batteries { serial, cyclesBefore, healthPercent, status }. */
  app.post(
    "/api/admin/aircraft/:id/batteries",
    {
      preValidation: requireAdmin,
      schema: {
        description: `${ADMINS_ONLY} Records a battery of the aircraft. 400 names the field: an empty serial, negative or fractional cyclesBefore, a healthPercent outside 0 to 100. 404 for an unknown aircraft.`,
        params: idParams,
        body: newBatterySchema,
        response: answers({ 201: batteryAnswerSchema }),
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ success: true as const, message: "Battery recorded", data: await addBattery(db, currentUser(request), request.params.id, request.body) }),
  );

  /** PATCH /api/admin/aircraft/:id/batteries/:batteryId — any of its fields, kept in its history; `status: grounded` retires it. */
  app.patch(
    "/api/admin/aircraft/:id/batteries/:batteryId",
    {
      preValidation: requireAdmin,
      schema: {
        description: `${ADMINS_ONLY} Changes the fields given, kept in its history; a battery is never deleted (a flight may name it): ground it instead. 404 for a battery not the aircraft's.`,
        params: batteryParams,
        body: batteryChangeSchema,
        response: answers({ 200: batteryAnswerSchema }),
      },
    },
    async (request) => ({
      success: true as const,
      message: "Battery updated",
      data: await changeBattery(db, currentUser(request), request.params.id, request.params.batteryId, request.body),
    }),
  );

  /** GET /api/admin/aircraft/:id/maintenance — newest first; the newest entry's next due is the aircraft's limit. */
  app.get(
    "/api/admin/aircraft/:id/maintenance",
    {
      preValidation: requireAdmin,
      schema: {
        description: `${ADMINS_ONLY} The aircraft's maintenance entries, newest first, each with its history. The newest entry's next due (a day, hours in tenths, flights) is the limit scheduling checks. 404 for an unknown aircraft.`,
        params: idParams,
        response: answers({ 200: maintenanceListSchema }),
      },
    },
    async (request) => success(await listMaintenance(db, request.params.id)),
  );

  /** POST /api/admin/aircraft/:id/maintenance { doneOn, work, doneBy, hoursTenthsAt, cyclesAt, nextDueOn, nextDueHoursTenths, nextDueCycles }. */
  app.post(
    "/api/admin/aircraft/:id/maintenance",
    {
      preValidation: requireAdmin,
      schema: {
        description: `${ADMINS_ONLY} Records a maintenance entry. 400 names the field: a date not YYYY-MM-DD, empty work or doneBy, a negative or fractional count. 404 for an unknown aircraft.`,
        params: idParams,
        body: newMaintenanceSchema,
        response: answers({ 201: maintenanceAnswerSchema }),
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        success: true as const,
        message: "Maintenance recorded",
        data: await addMaintenance(db, currentUser(request), request.params.id, request.body),
      }),
  );

  /** PATCH /api/admin/aircraft/:id/maintenance/:entryId — any of its fields, kept in its history. */
  app.patch(
    "/api/admin/aircraft/:id/maintenance/:entryId",
    {
      preValidation: requireAdmin,
      schema: {
        description: `${ADMINS_ONLY} Changes the fields given, kept in its history; an entry is never deleted. 404 for an entry not the aircraft's.`,
        params: maintenanceParams,
        body: maintenanceChangeSchema,
        response: answers({ 200: maintenanceAnswerSchema }),
      },
    },
    async (request) => ({
      success: true as const,
      message: "Maintenance updated",
      data: await changeMaintenance(db, currentUser(request), request.params.id, request.params.entryId, request.body),
    }),
  );

  /** GET /api/admin/insurance — the policies, latest expiry first. */
  app.get(
    "/api/admin/insurance",
    {
      preValidation: requireAdmin,
      schema: {
        description: `${ADMINS_ONLY} The insurance policies, latest expiry first, limits in cents, each with its history.`,
        response: answers({ 200: policyListSchema }),
      },
    },
    async () => success(await listPolicies(db)),
  );

  /** POST /api/admin/insurance { insurer, policyNumber, startsOn, expiresOn, perOccurrenceLimit, aggregateLimit, additionalInsured }. */
  app.post(
    "/api/admin/insurance",
    {
      preValidation: requireAdmin,
      schema: {
        description: `${ADMINS_ONLY} Records a policy; limits in cents of the business's currency. 400 names the field: an expiry before the start, a limit not a whole number of cents from 0 to 2,000,000,000, an aggregate below the per-occurrence limit, an additional insured who is not a customer.`,
        body: newPolicySchema,
        response: answers({ 201: policyAnswerSchema }),
      },
    },
    async (request, reply) =>
      reply.code(201).send({ success: true as const, message: "Policy recorded", data: await addPolicy(db, currentUser(request), request.body) }),
  );

  /** PATCH /api/admin/insurance/:id — any of its fields, kept in its history. */
  app.patch(
    "/api/admin/insurance/:id",
    {
      preValidation: requireAdmin,
      schema: {
        description: `${ADMINS_ONLY} Changes the fields given, kept in its history. 404 for an unknown policy.`,
        params: idParams,
        body: policyChangeSchema,
        response: answers({ 200: policyAnswerSchema }),
      },
    },
    async (request) => ({
      success: true as const,
      message: "Policy updated",
      data: await changePolicy(db, currentUser(request), request.params.id, request.body),
    }),
  );

  /** Stores the upload, then files it; the stored file is removed when the row cannot be written. */
  const fileCopy = async <View>(request: FastifyRequest, write: (file: ReceivedUpload["file"]) => Promise<View>): Promise<View> => {
    const upload = await receiveCopy(request, storage);
    try {
      return await write(upload.file);
    } catch (error) {
      await upload.discard();
      throw error;
    }
  };

  /** POST /api/admin/pilots/:userId/certificates/:id/scanned-copy — the certificate's scanned copy, new or replacing. */
  app.post(
    "/api/admin/pilots/:userId/certificates/:id/scanned-copy",
    {
      preValidation: requireOwnOrAdmin,
      schema: {
        description: `${OWN_OR_ADMIN} ${UPLOAD} 404 for a certificate not the pilot's.`,
        params: pilotCertificateParams,
        response: answers({ 200: certificateAnswerSchema }),
      },
    },
    async (request) => {
      const { userId, id } = request.params;
      // Before the body is read: a copy for a certificate that is not there stores nothing.
      await assertCopyTarget(db, { kind: "certificate", pilotId: userId, id });
      const data = await fileCopy(request, (file) => addCertificateCopy(db, currentUser(request), userId, id, file));
      return { success: true as const, message: "Scanned copy saved", data };
    },
  );

  /** GET /api/admin/pilots/:userId/certificates/:id/scanned-copy — the copy on file, or one its history names. */
  app.get(
    "/api/admin/pilots/:userId/certificates/:id/scanned-copy",
    {
      preValidation: requireOwnOrAdmin,
      schema: { description: `${OWN_OR_ADMIN} ${READ}`, params: pilotCertificateParams, querystring: scannedCopyQuery, response: fileAnswers },
    },
    async (request, reply) => {
      const { userId, id } = request.params;
      const copy = await findScannedCopy(db, { kind: "certificate", pilotId: userId, id }, request.query.version);
      return sendCopy(request, reply, copy);
    },
  );

  /** POST /api/admin/insurance/:id/scanned-copy — the policy's document, new or replacing. */
  app.post(
    "/api/admin/insurance/:id/scanned-copy",
    {
      preValidation: requireAdmin,
      schema: { description: `${ADMINS_ONLY} ${UPLOAD} 404 for an unknown policy.`, params: idParams, response: answers({ 200: policyAnswerSchema }) },
    },
    async (request) => {
      const { id } = request.params;
      await assertCopyTarget(db, { kind: "insurance", id });
      const data = await fileCopy(request, (file) => addPolicyCopy(db, currentUser(request), id, file));
      return { success: true as const, message: "Scanned copy saved", data };
    },
  );

  /** GET /api/admin/insurance/:id/scanned-copy — the policy's document on file, or one its history names. */
  app.get(
    "/api/admin/insurance/:id/scanned-copy",
    {
      preValidation: requireAdmin,
      schema: { description: `${ADMINS_ONLY} ${READ}`, params: idParams, querystring: scannedCopyQuery, response: fileAnswers },
    },
    async (request, reply) => {
      const copy = await findScannedCopy(db, { kind: "insurance", id: request.params.id }, request.query.version);
      return sendCopy(request, reply, copy);
    },
  );

  const sendCopy = (request: FastifyRequest, reply: Parameters<typeof sendStoredFile>[1], copy: Awaited<ReturnType<typeof findScannedCopy>>) =>
    sendStoredFile(request, reply, storage, {
      key: copy.storageKey,
      contentType: copy.contentType,
      title: copy.originalName.replace(/\.[a-z0-9]{1,5}$/i, ""),
      isPublic: false,
    });

  /** GET /api/admin/jobs/:id/compliance.pdf — the job's compliance packet, for the client's safety department. */
  app.get(
    "/api/admin/jobs/:id/compliance.pdf",
    {
      preValidation: requireAdmin,
      schema: {
        description: `${ADMINS_ONLY} The job's compliance packet as a PDF: the pilot's current certificates (type, number, issued, current until), the aircraft (serial, registration and its expiry, Remote ID, payloads), the insurance policies in force on the flight's day with their limits and whether they name the customer as additional insured, the pre-flight checklist as ticked (who, when, the values given; kept with the flight once recorded), and the flight plan or the recorded flight. 404 for an unknown job.`,
        params: idParams,
        response: {
          ...answers({}),
          200: { description: "The compliance packet as a PDF", content: { "application/pdf": { schema: z.string().meta({ format: "binary" }) } } },
        },
      },
    },
    async (request, reply) => {
      const settings = await billing();
      const { pdf, fileName } = await renderCompliancePacket(db, storage, request.params.id, settings);
      // The PDF's bytes as they are: the 200 is described for the API document, never serialized.
      return reply
        .type("application/pdf")
        .header("content-disposition", `attachment; filename="${fileName}"`)
        .header("cache-control", "private, no-store")
        .send(pdf as never);
    },
  );

  /** GET /api/admin/compliance/warnings?jobId= — what lapses within 30 days, for the back-office home or one job's page. */
  app.get(
    "/api/admin/compliance/warnings",
    {
      preValidation: requireAdmin,
      schema: {
        description: `${ADMINS_ONLY} Certificates, registrations and the policy that lapse within 30 days of the business's today (or have lapsed), and pilots with no certificate recorded; with jobId, those of that job's pilot and aircraft, and the policy. 404 for an unknown job.`,
        querystring: z.object({ jobId: z.coerce.number().int().positive().max(MAX_ID).optional() }),
        response: answers({ 200: complianceWarningsSchema }),
      },
    },
    async (request) => success(await complianceWarnings(db, calendarDateIn((await billing()).timeZone), request.query.jobId)),
  );
};
