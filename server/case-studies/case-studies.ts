import { and, count, desc, eq, like } from "drizzle-orm";
import type { z } from "zod";
import type { caseStudyConsentSchema, caseStudyCreateSchema, caseStudyUpdateSchema } from "@common/case-studies";
import {
  boundaryOutline,
  CASE_STUDY_CONTENT_FIELDS,
  type CaseStudyConsent,
  type CaseStudyFigure,
  caseStudyMessages,
  type CaseStudySide,
} from "@common/case-studies";
import type { adminCaseStudySchema, caseStudyCardSchema, customerCaseStudySchema } from "@common/contract/case-studies";
import { personName } from "@common/person-name";
import { siteArea } from "@common/site-area-of";
import { IMAGE_WIDTHS, type ImageWidth } from "@common/uploads";
import type { Database } from "../db/client";
import { caseStudies, estimateLines, estimates, findings, jobs, media, services, users } from "../db/schema";
import { DomainError } from "../domain-errors";
import type { Actor } from "../jobs/read-jobs";
import { findVisibleJob } from "../jobs/read-jobs";

type Row = typeof caseStudies.$inferSelect;
type Card = z.output<typeof caseStudyCardSchema>;
type JobRow = typeof jobs.$inferSelect;
type ImageRow = { id: number; title: string };

/** What a case study's card and the back office need of its job besides the row. */
interface Context {
  job: JobRow;
  category: string;
  customerName: string;
  images: ImageRow[];
  answeredBy: string | null;
}

/** Public only when the customer consented and the owner shows it (docs/decisions/0066-case-study-consent.md). */
const isPublic = (row: Pick<Row, "consent" | "shown">) => row.consent === "granted" && row.shown;
const publicWhere = and(eq(caseStudies.consent, "granted"), eq(caseStudies.shown, true));

/** The job states that count as delivered: its work done and in the customer's hands. */
const DELIVERED = ["delivered", "closed"] as const;

const notFound = () => new DomainError("not-found", caseStudyMessages.notFound);

/** "a 5 MWp solar site": how an anonymous customer is named, from the service and the figures. */
function anonymousLabel(category: string, figures: readonly CaseStudyFigure[]): string {
  const capacity = figures.find((figure) => /\bMWp\b/i.test(figure.value))?.value;
  const acres = figures.map((figure) => /[\d.,]+\s*acres?/i.exec(figure.value)?.[0]).find((value) => value !== undefined);
  if (category === "solar") return capacity ? `a ${capacity} solar site` : acres ? `a solar site of ${acres}` : "a solar site";
  if (category === "agriculture") return acres ? `a farm of ${acres}` : "a farm";
  return "a private client";
}

const customerNameOf = (user: { company: string; username: string; firstName: string; lastName: string }) => user.company.trim() || personName(user);

async function contextOf(db: Database, row: Pick<Row, "jobId" | "consentAnsweredBy">): Promise<Context> {
  const [found] = await db
    .select({ job: jobs, category: services.category, customer: users })
    .from(jobs)
    .innerJoin(users, eq(users.id, jobs.userId))
    .leftJoin(services, eq(services.id, jobs.serviceId))
    .where(eq(jobs.id, row.jobId));
  if (!found) throw notFound();
  const images = await jobImages(db, row.jobId);
  let answeredBy: string | null = null;
  if (row.consentAnsweredBy !== null) {
    const [who] = await db.select().from(users).where(eq(users.id, row.consentAnsweredBy));
    answeredBy = who ? personName(who) : null;
  }
  return { job: found.job, category: found.category ?? "", customerName: customerNameOf(found.customer), images, answeredBy };
}

/** The job's own images, newest first: the pictures a case study may show. */
const jobImages = (db: Database, jobId: number): Promise<ImageRow[]> =>
  db
    .select({ id: media.id, title: media.title })
    .from(media)
    .where(and(eq(media.jobId, jobId), like(media.fileType, "image/%")))
    .orderBy(desc(media.createdAt), desc(media.id));

/**
 * A picture at every width: from the public address while the study is public, otherwise from the
 * media's own thumbnail, which only its customer and the admins may read (the previews).
 */
function pictureOf(row: Row, context: Context, side: CaseStudySide, audience: "public" | "preview") {
  const mediaId = side === "before" ? row.beforeMediaId : row.afterMediaId;
  const image = context.images.find((each) => each.id === mediaId);
  if (!image) return null;
  const urlAt = (width: ImageWidth) =>
    audience === "public" ? `/api/case-studies/${row.id}/media/${side}-${width}.webp` : `/api/media/${image.id}/thumbnail?w=${width}`;
  return { alt: `${side === "before" ? "Before" : "After"}: ${image.title}`, sources: IMAGE_WIDTHS.map((width) => ({ width, url: urlAt(width) })) };
}

function cardOf(row: Row, context: Context, audience: "public" | "preview", showName = row.showName): Card {
  const ring = context.job.siteBoundary?.coordinates[0];
  return {
    id: row.id,
    service: context.category,
    title: row.title,
    summary: row.summary,
    figures: row.figures,
    before: pictureOf(row, context, "before", audience),
    after: pictureOf(row, context, "after", audience),
    outline: row.showMap && ring ? boundaryOutline(ring) : null,
    customerLabel: showName ? context.customerName : anonymousLabel(context.category, row.figures),
  };
}

const consentOf = (row: Row, context: Context) => ({
  status: row.consent,
  requestedAt: row.consentRequestedAt,
  answeredAt: row.consentAnsweredAt,
  answeredBy: context.answeredBy,
  showName: row.showName,
});

function adminView(row: Row, context: Context): z.output<typeof adminCaseStudySchema> {
  return {
    id: row.id,
    jobId: row.jobId,
    jobTitle: context.job.title,
    customerName: context.customerName,
    title: row.title,
    summary: row.summary,
    figures: row.figures,
    beforeMediaId: row.beforeMediaId,
    afterMediaId: row.afterMediaId,
    showMap: row.showMap,
    shown: row.shown,
    public: isPublic(row),
    consent: consentOf(row, context),
    images: context.images.map((image) => ({ ...image, thumbnailUrl: `/api/media/${image.id}/thumbnail` })),
    hasBoundary: context.job.siteBoundary !== null,
    preview: cardOf(row, context, "preview"),
    updatedAt: row.updatedAt,
  };
}

function customerView(row: Row, context: Context): z.output<typeof customerCaseStudySchema> {
  return {
    id: row.id,
    consent: consentOf(row, context),
    namedAs: context.customerName,
    anonymousAs: anonymousLabel(context.category, row.figures),
    preview: cardOf(row, context, "preview"),
  };
}

const adminOf = async (db: Database, row: Row) => adminView(row, await contextOf(db, row));

/** A quantity of the estimate's lines (thousandths) as a figure's number: "2.5". */
const quantityText = (thousandths: number) => (thousandths / 1000).toLocaleString("en-US", { maximumFractionDigits: 3 });

/**
 * The figures the job's own data gives: the site's area from its boundary, the capacity or acres its
 * accepted estimate counted (by the lines' units), its findings and its pictures.
 */
async function figuresOfJob(db: Database, job: JobRow, imageCount: number): Promise<CaseStudyFigure[]> {
  const figures: CaseStudyFigure[] = [];
  if (job.siteBoundary) {
    const area = siteArea(job.siteBoundary);
    figures.push({ label: "Site area", value: `${area.acres.toLocaleString("en-US", { maximumFractionDigits: 2 })} acres` });
  }
  const lines = await db
    .select({ quantity: estimateLines.quantity, unit: estimateLines.unit })
    .from(estimateLines)
    .innerJoin(estimates, eq(estimates.id, estimateLines.estimateId))
    .where(and(eq(estimates.jobId, job.id), eq(estimates.status, "accepted")));
  const total = (pattern: RegExp) => lines.filter((line) => pattern.test(line.unit.trim())).reduce((sum, line) => sum + line.quantity, 0);
  const mwp = total(/^mwp$/i);
  const kwp = total(/^kwp$/i);
  const acres = total(/^acres?$/i);
  const hectares = total(/^(ha|hectares?)$/i);
  if (mwp > 0 || kwp > 0) figures.push({ label: "Capacity inspected", value: `${quantityText(mwp + kwp / 1000)} MWp` });
  if (acres > 0) figures.push({ label: "Acres flown", value: `${quantityText(acres)} acres` });
  else if (hectares > 0) figures.push({ label: "Area flown", value: `${quantityText(hectares)} ha` });
  const [found] = await db.select({ n: count() }).from(findings).where(eq(findings.jobId, job.id));
  if (found && found.n > 0) figures.push({ label: "Findings", value: String(found.n) });
  if (imageCount > 0) figures.push({ label: "Photos delivered", value: String(imageCount) });
  return figures;
}

/** Refuses a picture that is not one of the job's images, naming the field. */
function checkPictures(images: readonly ImageRow[], input: { beforeMediaId?: number | null; afterMediaId?: number | null }) {
  const errors: Record<string, string> = {};
  for (const field of ["beforeMediaId", "afterMediaId"] as const) {
    const chosen = input[field];
    if (chosen !== undefined && chosen !== null && !images.some((image) => image.id === chosen)) errors[field] = caseStudyMessages.media;
  }
  if (Object.keys(errors).length > 0) throw new DomainError("invalid", caseStudyMessages.media, errors);
}

/** Every case study, newest first, as the back office lists them. */
export async function allCaseStudies(db: Database) {
  const rows = await db.select().from(caseStudies).orderBy(desc(caseStudies.createdAt), desc(caseStudies.id));
  return Promise.all(rows.map((row) => adminOf(db, row)));
}

/** A draft for a delivered job: what is left out is prefilled from the job. 409 for a job not delivered or one that has one. */
export async function createCaseStudy(db: Database, input: z.output<typeof caseStudyCreateSchema>) {
  const [job] = await db.select().from(jobs).where(eq(jobs.id, input.jobId));
  if (!job) throw new DomainError("invalid", caseStudyMessages.jobId, { jobId: caseStudyMessages.jobId });
  if (!(DELIVERED as readonly string[]).includes(job.status)) throw new DomainError("conflict", caseStudyMessages.notDelivered);
  const [existing] = await db.select({ id: caseStudies.id }).from(caseStudies).where(eq(caseStudies.jobId, job.id));
  if (existing) throw new DomainError("conflict", caseStudyMessages.exists);
  const images = await jobImages(db, job.id);
  checkPictures(images, input);
  const figures = input.figures ?? (await figuresOfJob(db, job, images.length));
  const [created] = await db
    .insert(caseStudies)
    .values({
      jobId: job.id,
      title: input.title ?? job.title,
      summary: input.summary ?? (job.siteName ? `${job.title} at ${job.siteName}.` : `${job.title}.`),
      figures,
      // The oldest picture as the before, the newest as the after, when there are two or more.
      beforeMediaId: input.beforeMediaId !== undefined ? input.beforeMediaId : images.length > 1 ? images.at(-1)!.id : null,
      afterMediaId: input.afterMediaId !== undefined ? input.afterMediaId : (images[0]?.id ?? null),
      showMap: input.showMap ?? job.siteBoundary !== null,
    })
    .onConflictDoNothing({ target: caseStudies.jobId })
    .returning();
  if (!created) throw new DomainError("conflict", caseStudyMessages.exists);
  return adminOf(db, created);
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Edits a case study. A change to its words, figures, pictures or map voids the customer's answer:
 * they consented to specific content, so it is off the site and needs asking again.
 */
export async function changeCaseStudy(db: Database, id: number, changes: z.output<typeof caseStudyUpdateSchema>) {
  if (Object.values(changes).every((value) => value === undefined)) {
    throw new DomainError("invalid", caseStudyMessages.nothingToChange, { body: caseStudyMessages.nothingToChange });
  }
  const [row] = await db.select().from(caseStudies).where(eq(caseStudies.id, id));
  if (!row) throw notFound();
  checkPictures(await jobImages(db, row.jobId), changes);
  const contentChanged = CASE_STUDY_CONTENT_FIELDS.some((field) => changes[field] !== undefined && !sameValue(changes[field], row[field]));
  const voids = contentChanged && row.consent !== "none";
  const consentAfter: CaseStudyConsent = voids ? "none" : row.consent;
  if (changes.shown === true && consentAfter !== "granted") {
    throw new DomainError("conflict", voids ? "This change voids the customer's consent: save it, then ask them again" : "The customer has not consented yet");
  }
  const [updated] = await db
    .update(caseStudies)
    .set({ ...changes, ...(voids ? { consent: "none" as const, shown: false, showName: false } : {}) })
    .where(eq(caseStudies.id, id))
    .returning();
  return { caseStudy: await adminOf(db, updated!), voided: voids, onlyShown: !contentChanged && changes.shown !== undefined };
}

export async function deleteCaseStudy(db: Database, id: number): Promise<void> {
  const [deleted] = await db.delete(caseStudies).where(eq(caseStudies.id, id)).returning({ id: caseStudies.id });
  if (!deleted) throw notFound();
}

/** Marks the customer asked (again, for a reminder); 409 once they have consented to this content. */
export async function requestConsent(db: Database, id: number, by: number) {
  const [row] = await db.select().from(caseStudies).where(eq(caseStudies.id, id));
  if (!row) throw notFound();
  if (row.consent === "granted") throw new DomainError("conflict", caseStudyMessages.alreadyConsented);
  const [updated] = await db
    .update(caseStudies)
    .set({ consent: "requested", consentRequestedAt: new Date(), consentRequestedBy: by })
    .where(eq(caseStudies.id, id))
    .returning();
  return adminOf(db, updated!);
}

/**
 * The case study of a job as its customer (or an admin) sees it; none while there is nothing to ask
 * them about (a draft not yet sent to them). Anyone else: 404, as the job itself.
 */
export async function caseStudyOfJob(db: Database, actor: Actor, jobId: number) {
  const job = await findVisibleJob(db, actor, jobId);
  if (actor.role !== "admin" && job.userId !== actor.id) throw new DomainError("not-found", caseStudyMessages.notFound);
  const [row] = await db.select().from(caseStudies).where(eq(caseStudies.jobId, jobId));
  if (!row || row.consent === "none") return null;
  return customerView(row, await contextOf(db, row));
}

/**
 * The customer's answer: grant (named or anonymous) or decline what they were asked about, or
 * withdraw a consent given, which takes the case study off the site at once.
 */
export async function answerConsent(db: Database, actor: Actor, jobId: number, input: z.output<typeof caseStudyConsentSchema>) {
  const job = await findVisibleJob(db, actor, jobId);
  if (job.userId !== actor.id) {
    if (actor.role === "admin") throw new DomainError("forbidden", "Only the customer can answer for their job");
    throw new DomainError("not-found", caseStudyMessages.notFound);
  }
  const [row] = await db.select().from(caseStudies).where(eq(caseStudies.jobId, jobId));
  if (!row || row.consent === "none") throw new DomainError("not-found", caseStudyMessages.notFound);
  const { decision } = input;
  if (decision === "withdraw" && row.consent !== "granted") throw new DomainError("conflict", caseStudyMessages.notGranted);
  if (decision !== "withdraw" && row.consent !== "requested") throw new DomainError("conflict", caseStudyMessages.notAsked);
  const consent: CaseStudyConsent = decision === "grant" ? "granted" : decision === "decline" ? "declined" : "withdrawn";
  const [updated] = await db
    .update(caseStudies)
    .set({
      consent,
      showName: decision === "grant" ? input.showName : row.showName,
      // Withdrawn or declined: off the site at once, and the owner must ask again to show it.
      ...(decision === "grant" ? {} : { shown: false }),
      consentAnsweredAt: new Date(),
      consentAnsweredBy: actor.id,
    })
    // The state checked above, so two answers at once cannot both apply.
    .where(and(eq(caseStudies.id, row.id), eq(caseStudies.consent, row.consent)))
    .returning();
  if (!updated) throw new DomainError("conflict", "The case study changed meanwhile: reload the page");
  return customerView(updated, await contextOf(db, updated));
}

/** The consented and shown case studies, newest consent first; one service category's with `service`. */
export async function publicCaseStudies(db: Database, service?: string) {
  const rows = await db
    .select({ study: caseStudies })
    .from(caseStudies)
    .innerJoin(jobs, eq(jobs.id, caseStudies.jobId))
    .leftJoin(services, eq(services.id, jobs.serviceId))
    .where(and(publicWhere, service === undefined ? undefined : eq(services.category, service)))
    .orderBy(desc(caseStudies.consentAnsweredAt), desc(caseStudies.id));
  return Promise.all(rows.map(async ({ study }) => cardOf(study, await contextOf(db, study), "public")));
}

/** The stored image behind a public picture; not found unless the case study is public now. */
export async function publicPicture(db: Database, id: number, side: CaseStudySide) {
  const [row] = await db.select().from(caseStudies).where(eq(caseStudies.id, id));
  if (!row || !isPublic(row)) throw notFound();
  const mediaId = side === "before" ? row.beforeMediaId : row.afterMediaId;
  if (mediaId === null) throw notFound();
  const [item] = await db
    .select()
    .from(media)
    .where(and(eq(media.id, mediaId), eq(media.jobId, row.jobId), like(media.fileType, "image/%")));
  if (!item) throw notFound();
  return item;
}
