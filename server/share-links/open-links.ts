import { and, eq, gt, lte, or, sql } from "drizzle-orm";
import { SHARE_PIN_LIMITS, type ShareEvent, shareLinkMessages } from "@common/share-links";
import { hashToken } from "../auth/tokens";
import type { Database } from "../db/client";
import { jobs, shareLinkEvents, shareLinks, sharePinAttempts } from "../db/schema";
import { DomainError } from "../domain-errors";
import { linkState } from "./manage-links";
import { pinProof, provesPin, verifyPin } from "./pin";

const NO_SUCH_LINK = "This share link does not exist. Check the address you were sent.";

/**
 * The link a token opens and its job, while the link is active: an unknown token is not found
 * (404), an expired or revoked one gone (410), with words the recipient's page shows.
 */
export async function openLink(db: Database, token: string, now = new Date()) {
  const [found] = await db.select({ link: shareLinks, job: jobs }).from(shareLinks).innerJoin(jobs, eq(jobs.id, shareLinks.jobId)).where(eq(shareLinks.tokenHash, hashToken(token)));
  if (!found) throw new DomainError("not-found", NO_SUCH_LINK);
  const state = linkState(found.link, now);
  if (state !== "active") throw new DomainError("gone", state === "revoked" ? shareLinkMessages.revoked : shareLinkMessages.expired);
  return found;
}

type OpenLink = Awaited<ReturnType<typeof openLink>>["link"];

/** Whether the browser may see what the link shares: it has no PIN, or the browser holds the PIN's proof. */
export const isUnlocked = (link: Pick<OpenLink, "pinHash">, token: string, proof: string | undefined): boolean => link.pinHash === null || provesPin(link.pinHash, token, proof);

/** Refuses a locked link's content (401): the page then shows its PIN screen. */
export function assertUnlocked(link: Pick<OpenLink, "pinHash">, token: string, proof: string | undefined): void {
  if (!isUnlocked(link, token, proof)) throw new DomainError("forbidden", shareLinkMessages.pinRequired);
}

/** Refuses a download on a view-only link (403). */
export function assertDownloads(link: Pick<OpenLink, "allowDownload">): void {
  if (!link.allowDownload) throw new DomainError("forbidden", shareLinkMessages.viewOnly);
}

/**
 * POST /api/share/:token/pin: the proof the browser keeps once the PIN is right. Each attempt is
 * written before the PIN is checked, so parallel guesses cannot all slip under the limits, and in
 * the database, so every instance counts the same ones; a right PIN takes its attempt back. Over
 * SHARE_PIN_LIMITS (per address across links, per link across addresses) no PIN is tried (429).
 */
export async function tryPin(db: Database, link: OpenLink, token: string, pin: string, address: string, now = new Date()): Promise<string | null> {
  if (link.pinHash === null) return null;
  const since = new Date(now.getTime() - SHARE_PIN_LIMITS.windowMinutes * 60_000);
  // The link's attempts from before the window count for nothing any more.
  await db.delete(sharePinAttempts).where(and(eq(sharePinAttempts.linkId, link.id), lte(sharePinAttempts.at, since)));
  const [attempt] = await db.insert(sharePinAttempts).values({ linkId: link.id, address, at: now }).returning({ id: sharePinAttempts.id });
  const [counts] = await db
    .select({
      byAddress: sql<number>`count(*) filter (where ${sharePinAttempts.address} = ${address})`.mapWith(Number),
      byLink: sql<number>`count(*) filter (where ${sharePinAttempts.linkId} = ${link.id})`.mapWith(Number),
    })
    .from(sharePinAttempts)
    .where(and(gt(sharePinAttempts.at, since), or(eq(sharePinAttempts.address, address), eq(sharePinAttempts.linkId, link.id))));
  const takeBack = () => db.delete(sharePinAttempts).where(eq(sharePinAttempts.id, attempt!.id));
  if ((counts?.byAddress ?? 0) > SHARE_PIN_LIMITS.perAddress || (counts?.byLink ?? 0) > SHARE_PIN_LIMITS.perLink) {
    // A refused attempt tried no PIN: only guesses count.
    await takeBack();
    throw new DomainError("too-many", shareLinkMessages.tooManyPins);
  }
  if (!(await verifyPin(pin, link.pinHash))) throw new DomainError("forbidden", shareLinkMessages.wrongPin, { pin: shareLinkMessages.wrongPin });
  await takeBack();
  return pinProof(link.pinHash, token);
}

/** One line of the owner's access log. */
export async function logAccess(db: Database, linkId: number, address: string, what: ShareEvent, itemName = ""): Promise<void> {
  await db.insert(shareLinkEvents).values({ linkId, address, what, itemName });
}
