import { and, asc, count, desc, eq, inArray, ne } from "drizzle-orm";
import type { z } from "zod";
import type { findingSchema } from "@common/contract/findings";
import {
  COUNTED_STATUSES,
  CUSTOMER_VISIBLE_STATUSES,
  customerSeesFinding,
  type FindingCounts,
  findingMessages,
  type ServiceKind,
  serviceKindOf,
} from "@common/findings";
import { personName } from "@common/person-name";
import type { Database } from "../db/client";
import { findingCrops, findingEvents, findings, jobs, mapLayers, media, quotes, services, users } from "../db/schema";
import { DomainError } from "../domain-errors";
import { type Actor, findVisibleJob, flies, isPublishedState } from "../jobs/read-jobs";
import { mediaFileUrl } from "../media/file-urls";

export type FindingRow = typeof findings.$inferSelect;

/** How a crop is named wherever it shows (the finding's detail, the report): its kind and the layer it was cut from. */
export const cropTitle = (kind: "thermal" | "visual", layerTitle: string) => `${kind === "thermal" ? "Thermal" : "Visual"}: ${layerTitle}`;

/** Where one of a finding's crops is read, under the finding's own rules (GET /api/jobs/:id/findings/:findingId/images/:n, n the crop's id). */
const findingImageUrl = (jobId: number, findingId: number, cropId: number) => `/api/jobs/${jobId}/findings/${findingId}/images/${cropId}`;
type JobRow = typeof jobs.$inferSelect;
export type PublicFinding = z.output<typeof findingSchema>;

/** Whether the actor works on the job: an admin, or the pilot assigned to it. They see and write every finding. */
export const worksOn = (actor: Actor, job: Pick<JobRow, "pilotId">): boolean => actor.role === "admin" || flies(actor, job);

/**
 * The job's customer sees its findings once the job is delivered, as every deliverable
 * (docs/product.md §10), and then only those `customerSeesFinding` allows (decision 0046: never a
 * candidate or a dismissed finding); the job's admins and pilot see them all along.
 */
function customerSees(actor: Actor, job: Pick<JobRow, "pilotId" | "status">): boolean {
  return worksOn(actor, job) || isPublishedState(job.status);
}

/** What a job inspects, from its catalogue service or, for a quote request's job, the service it asked about. */
export async function jobKind(db: Pick<Database, "select">, jobId: number): Promise<ServiceKind> {
  const [row] = await db
    .select({ category: services.category, serviceType: quotes.serviceType })
    .from(jobs)
    .leftJoin(services, eq(services.id, jobs.serviceId))
    .leftJoin(quotes, eq(quotes.id, jobs.quoteId))
    .where(eq(jobs.id, jobId));
  return serviceKindOf(row?.category ?? row?.serviceType);
}

/**
 * Where a finding's images are read: the crops and photos under the account's own rules, or a share
 * link's addresses (which leave out a photo the link does not share: null).
 */
export interface ImageAddresses {
  crop: (finding: Pick<FindingRow, "id" | "jobId">, cropId: number) => string;
  photo: (mediaId: number) => string | null;
}
const ACCOUNT_ADDRESSES: ImageAddresses = { crop: (finding, cropId) => findingImageUrl(finding.jobId, finding.id, cropId), photo: mediaFileUrl };

/** The findings' crops, thermal before visual, each with the layer it was cut from; one without a file lies outside its layer. */
export const findingCropRows = async (db: Pick<Database, "select">, findingIds: readonly number[]) =>
  findingIds.length === 0
    ? []
    : db
        .select({ crop: findingCrops, layerTitle: mapLayers.title })
        .from(findingCrops)
        .innerJoin(mapLayers, eq(mapLayers.id, findingCrops.layerId))
        .where(inArray(findingCrops.findingId, [...findingIds]))
        .orderBy(asc(findingCrops.kind), asc(findingCrops.id));

/** The items under each key, in their order. */
function groupedBy<T, K>(items: readonly T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/** The findings as they leave the server: each with its images (the job's media that still exist) and its history, oldest first. */
export async function shapeFindings(db: Database, rows: FindingRow[], addresses: ImageAddresses = ACCOUNT_ADDRESSES): Promise<PublicFinding[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const jobIds = [...new Set(rows.map((row) => row.jobId))];
  const [events, images, crops] = await Promise.all([
    db
      .select({ event: findingEvents, by: { username: users.username, firstName: users.firstName, lastName: users.lastName } })
      .from(findingEvents)
      .leftJoin(users, eq(users.id, findingEvents.byUserId))
      .where(inArray(findingEvents.findingId, ids))
      .orderBy(asc(findingEvents.at), asc(findingEvents.id)),
    db.select({ id: media.id, jobId: media.jobId, title: media.title }).from(media).where(inArray(media.jobId, jobIds)),
    findingCropRows(db, ids),
  ]);
  // Each finding's own rows, found by key: a thousand findings are not each matched against every crop and event.
  const photos = new Map(images.map((image) => [image.id, image]));
  const cropsOf = groupedBy(crops, ({ crop }) => crop.findingId);
  const eventsOf = groupedBy(events, ({ event }) => event.findingId);
  return rows.map((row) => {
    const kept = row.mediaIds.filter((id) => photos.get(id)?.jobId === row.jobId);
    const ownCrops = cropsOf.get(row.id) ?? [];
    return {
      id: row.id,
      jobId: row.jobId,
      class: row.class,
      severity: row.severity,
      severityReason: row.severityReason,
      status: row.status,
      dismissReason: row.dismissReason,
      lat: row.lat,
      lon: row.lon,
      polygon: row.polygon,
      locator: row.locator,
      maxTemp: row.maxTemp,
      refTemp: row.refTemp,
      deltaT: row.deltaT,
      indexValue: row.indexValue,
      powerLoss: row.powerLoss,
      mediaIds: kept,
      images: [
        ...ownCrops
          .filter(({ crop }) => crop.storageKey !== null)
          .map(({ crop, layerTitle }) => ({
            kind: crop.kind,
            title: cropTitle(crop.kind, layerTitle),
            url: addresses.crop(row, crop.id),
            width: crop.width,
            height: crop.height,
          })),
        ...kept.flatMap((id) => {
          const url = addresses.photo(id);
          return url === null ? [] : [{ kind: "photo" as const, title: photos.get(id)!.title, url, width: null, height: null }];
        }),
      ],
      outsideLayers: ownCrops.filter(({ crop }) => crop.storageKey === null).map(({ layerTitle }) => layerTitle),
      note: row.note,
      history: (eventsOf.get(row.id) ?? []).map(({ event, by }) => ({
        id: event.id,
        at: event.at,
        by: event.byUserId,
        byName: by ? personName(by) : "",
        from: event.fromStatus,
        to: event.toStatus,
        fields: event.fields,
        note: event.note,
      })),
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    };
  });
}

export const countByStatus = (rows: readonly Pick<FindingRow, "status">[]): FindingCounts => {
  const counts = Object.fromEntries(COUNTED_STATUSES.map((state) => [state, 0])) as FindingCounts;
  for (const { status } of rows) if (status !== "candidate") counts[status] += 1;
  return counts;
};

/**
 * GET /api/jobs/:id/findings, the exports and the job's ZIP: the findings the actor may see, oldest
 * first; 404 when the job is not theirs to see. The job's pilot and the admins get every decided
 * finding (dismissed ones too), candidates only when an admin asks for them; the customer gets
 * what decision 0046 lets them see.
 */
export async function listFindings(db: Database, actor: Actor, jobId: number, { candidates = false } = {}): Promise<FindingRow[]> {
  const job = await findVisibleJob(db, actor, jobId);
  if (!customerSees(actor, job)) return [];
  if (!worksOn(actor, job)) return customerFindings(db, jobId);
  const withCandidates = candidates && actor.role === "admin";
  return db
    .select()
    .from(findings)
    .where(and(eq(findings.jobId, jobId), withCandidates ? undefined : ne(findings.status, "candidate")))
    .orderBy(asc(findings.createdAt), asc(findings.id));
}

/** The findings of a job as its customer sees them (decision 0046), oldest first: their list and exports, and what the inspection report prints. */
export const customerFindings = (db: Pick<Database, "select">, jobId: number): Promise<FindingRow[]> =>
  db
    .select()
    .from(findings)
    .where(and(eq(findings.jobId, jobId), inArray(findings.status, CUSTOMER_VISIBLE_STATUSES)))
    .orderBy(asc(findings.createdAt), asc(findings.id));

/** One crop of a finding, by its id; none when it is another finding's. */
export async function readCrop(db: Pick<Database, "select">, findingId: number, cropId: number) {
  const [crop] = await db
    .select()
    .from(findingCrops)
    .where(and(eq(findingCrops.id, cropId), eq(findingCrops.findingId, findingId)));
  return crop ?? null;
}

/** A finding and its job, if the actor may see it (a customer: one decision 0046 shows, and the job delivered); otherwise not found. */
export async function findVisibleFinding(db: Pick<Database, "select">, actor: Actor, id: number): Promise<{ finding: FindingRow; job: JobRow }> {
  const [row] = await db.select({ finding: findings }).from(findings).where(eq(findings.id, id));
  if (!row) throw new DomainError("not-found", findingMessages.notFound);
  const job = await findVisibleJob(db, actor, row.finding.jobId).catch(() => {
    throw new DomainError("not-found", findingMessages.notFound);
  });
  const staff = worksOn(actor, job);
  if (!staff && (!customerSees(actor, job) || !customerSeesFinding(row.finding.status))) throw new DomainError("not-found", findingMessages.notFound);
  return { finding: row.finding, job };
}

/** GET /api/findings/counts: the customer's own findings by state (those decision 0046 shows), over every delivered job of theirs and per job. */
export async function countCustomerFindings(db: Database, customerId: number) {
  const rows = await db
    .select({ jobId: findings.jobId, status: findings.status, jobStatus: jobs.status })
    .from(findings)
    .innerJoin(jobs, eq(jobs.id, findings.jobId))
    .where(and(eq(jobs.userId, customerId), inArray(findings.status, CUSTOMER_VISIBLE_STATUSES)))
    .orderBy(asc(findings.jobId));
  const seen = rows.filter((row) => isPublishedState(row.jobStatus));
  const jobIds = [...new Set(seen.map((row) => row.jobId))];
  return { total: countByStatus(seen), jobs: jobIds.map((jobId) => ({ jobId, counts: countByStatus(seen.filter((row) => row.jobId === jobId)) })) };
}

/** One finding as the API answers it (with its images and history), if the actor may see it: the answer to a write. */
export async function readFinding(db: Database, actor: Actor, id: number): Promise<PublicFinding> {
  const { finding } = await findVisibleFinding(db, actor, id);
  return (await shapeFindings(db, [finding]))[0]!;
}

/** The critical findings still in the open state (no repair planned, not dismissed), counted per job, the job with most first. */
export async function openCriticalFindings(db: Database): Promise<{ jobId: number; jobTitle: string; count: number }[]> {
  const n = count();
  return db
    .select({ jobId: findings.jobId, jobTitle: jobs.title, count: n })
    .from(findings)
    .innerJoin(jobs, eq(jobs.id, findings.jobId))
    .where(and(eq(findings.severity, "critical"), eq(findings.status, "open")))
    .groupBy(findings.jobId, jobs.title)
    .orderBy(desc(n), asc(findings.jobId));
}
