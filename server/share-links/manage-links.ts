import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import type { z } from "zod";
import type { createShareLinkSchema, shareLinkSchema } from "@common/contract/share-links";
import { personName } from "@common/person-name";
import { SHARE_MAX_DAYS, type ShareLinkState, sharePageUrl, shareLinkMessages } from "@common/share-links";
import { hashToken, newToken } from "../auth/tokens";
import type { Database } from "../db/client";
import { jobs, shareLinkEvents, shareLinks, users } from "../db/schema";
import { DomainError } from "../domain-errors";
import { type Actor, findVisibleJob } from "../jobs/read-jobs";
import { hashPin } from "./pin";
import { checkShareItems, type ShareLinkRow } from "./shared-deliverables";

const DAY_MS = 86_400_000;

/** Where a link stands at `now`: revoked wins over disabled (too many wrong PINs), both over expired; a link expires at its instant exactly. */
export function linkState(link: Pick<ShareLinkRow, "expiresAt" | "revokedAt" | "disabledAt">, now: Date): ShareLinkState {
  if (link.revokedAt) return "revoked";
  if (link.disabledAt) return "disabled";
  return link.expiresAt.getTime() <= now.getTime() ? "expired" : "active";
}

/**
 * The job, if the actor may share it: its customer and the admins. Its pilot sees the job but the
 * deliverables are the customer's to hand out (403); anyone else does not see it (404).
 */
async function findSharableJob(db: Database, actor: Actor, jobId: number) {
  const job = await findVisibleJob(db, actor, jobId);
  if (actor.role !== "admin" && job.userId !== actor.id) throw new DomainError("forbidden", shareLinkMessages.notSharer);
  return job;
}

/** The expiry asked for, if it is in the future and within SHARE_MAX_DAYS of `now`; otherwise the field's message. */
function checkExpiry(expiresAt: Date, now: Date): void {
  const problem =
    expiresAt.getTime() <= now.getTime()
      ? shareLinkMessages.expiresAtPast
      : expiresAt.getTime() > now.getTime() + SHARE_MAX_DAYS * DAY_MS
        ? shareLinkMessages.expiresAtTooFar
        : null;
  if (problem) throw new DomainError("invalid", problem, { expiresAt: problem });
}

/** POST /api/jobs/:id/share-links: a new link, whose token is answered this once and kept only hashed. */
export async function createShareLink(db: Database, actor: Actor, jobId: number, input: z.output<typeof createShareLinkSchema>, now = new Date()) {
  const job = await findSharableJob(db, actor, jobId);
  if (input.items?.compliancePacket && actor.role !== "admin")
    throw new DomainError("forbidden", shareLinkMessages.packetAdminsOnly, { "items.compliancePacket": shareLinkMessages.packetAdminsOnly });
  const expiresAt = new Date(input.expiresAt);
  checkExpiry(expiresAt, now);
  if (input.items) await checkShareItems(db, job, input.items);
  const token = newToken();
  const [row] = await db
    .insert(shareLinks)
    .values({
      jobId,
      createdBy: actor.id,
      tokenHash: hashToken(token),
      pinHash: input.pin === undefined ? null : await hashPin(input.pin),
      allowDownload: input.allowDownload,
      items: input.items ?? null,
      expiresAt,
    })
    .returning({ id: shareLinks.id });
  return { id: row!.id, url: sharePageUrl(token) };
}

/** GET /api/jobs/:id/share-links: the job's links, newest first, each with its access log (newest first), wrong PINs included. */
export async function listShareLinks(db: Database, actor: Actor, jobId: number, now = new Date()): Promise<z.output<typeof shareLinkSchema>[]> {
  await findSharableJob(db, actor, jobId);
  const rows = await db
    .select({ link: shareLinks, by: { username: users.username, firstName: users.firstName, lastName: users.lastName } })
    .from(shareLinks)
    .leftJoin(users, eq(users.id, shareLinks.createdBy))
    .where(eq(shareLinks.jobId, jobId))
    .orderBy(desc(shareLinks.createdAt), desc(shareLinks.id));
  const ids = rows.map(({ link }) => link.id);
  const events = ids.length
    ? await db.select().from(shareLinkEvents).where(inArray(shareLinkEvents.linkId, ids)).orderBy(desc(shareLinkEvents.at), desc(shareLinkEvents.id))
    : [];
  return rows.map(({ link, by }) => ({
    id: link.id,
    jobId: link.jobId,
    createdAt: link.createdAt,
    createdByName: by ? personName(by) : "",
    expiresAt: link.expiresAt,
    revokedAt: link.revokedAt,
    disabledAt: link.disabledAt,
    state: linkState(link, now),
    hasPin: link.pinHash !== null,
    allowDownload: link.allowDownload,
    items: link.items && { ...link.items, findings: link.items.findings ?? false, compliancePacket: link.items.compliancePacket ?? false },
    log: events.filter((event) => event.linkId === link.id).map(({ at, address, what, itemName }) => ({ at, address, what, itemName })),
  }));
}

/** DELETE /api/share-links/:id: the link stops answering at once (410); revoking twice keeps the first time. */
export async function revokeShareLink(db: Database, actor: Actor, linkId: number): Promise<void> {
  const [found] = await db
    .select({ link: shareLinks, jobId: jobs.id })
    .from(shareLinks)
    .innerJoin(jobs, eq(jobs.id, shareLinks.jobId))
    .where(eq(shareLinks.id, linkId));
  if (!found) throw new DomainError("not-found", shareLinkMessages.notFound);
  try {
    await findSharableJob(db, actor, found.jobId);
  } catch (error) {
    // Whether a link exists on a job the caller cannot see is not theirs to know.
    if (error instanceof DomainError && error.kind === "not-found") throw new DomainError("not-found", shareLinkMessages.notFound);
    throw error;
  }
  await db
    .update(shareLinks)
    .set({ revokedAt: new Date() })
    .where(and(eq(shareLinks.id, linkId), isNull(shareLinks.revokedAt)));
}
