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
 * written before the PIN is checked, and in the database, so every instance counts the same ones; a
 * right PIN takes its attempt back. Over SHARE_PIN_LIMITS (per address across links, per link across
 * addresses) no PIN is tried (429). One link's attempts are taken one at a time, under a lock on its
 * row: guesses arriving all at once would otherwise each count the others and all be refused, or
 * slip under the limits together.
 */
export async function tryPin(db: Database, link: OpenLink, token: string, pin: string, address: string, now = new Date()): Promise<string | null> {
  const { pinHash } = link;
  if (pinHash === null) return null;
  const since = new Date(now.getTime() - SHARE_PIN_LIMITS.windowMinutes * 60_000);
  // The outcome leaves the transaction as a value: a refusal thrown inside would roll the attempt back.
  const outcome = await db.transaction(async (tx) => {
    await tx.select({ id: shareLinks.id }).from(shareLinks).where(eq(shareLinks.id, link.id)).for("update");
    // The link's attempts from before the window count for nothing any more.
    await tx.delete(sharePinAttempts).where(and(eq(sharePinAttempts.linkId, link.id), lte(sharePinAttempts.at, since)));
    const [attempt] = await tx.insert(sharePinAttempts).values({ linkId: link.id, address, at: now }).returning({ id: sharePinAttempts.id });
    const [counts] = await tx
      .select({
        byAddress: sql<number>`count(*) filter (where ${sharePinAttempts.address} = ${address})`.mapWith(Number),
        byLink: sql<number>`count(*) filter (where ${sharePinAttempts.linkId} = ${link.id})`.mapWith(Number),
      })
      .from(sharePinAttempts)
      .where(and(gt(sharePinAttempts.at, since), or(eq(sharePinAttempts.address, address), eq(sharePinAttempts.linkId, link.id))));
    const takeBack = () => tx.delete(sharePinAttempts).where(eq(sharePinAttempts.id, attempt!.id));
    if ((counts?.byAddress ?? 0) > SHARE_PIN_LIMITS.perAddress || (counts?.byLink ?? 0) > SHARE_PIN_LIMITS.perLink) {
      // A refused attempt tried no PIN: only guesses count.
      await takeBack();
      return "too-many" as const;
    }
    if (!(await verifyPin(pin, pinHash))) return "wrong" as const;
    await takeBack();
    return "right" as const;
  });
  if (outcome === "too-many") throw new DomainError("too-many", shareLinkMessages.tooManyPins);
  if (outcome === "wrong") throw new DomainError("forbidden", shareLinkMessages.wrongPin, { pin: shareLinkMessages.wrongPin });
  return pinProof(pinHash, token);
}

/** One line of the owner's access log. */
export async function logAccess(db: Database, linkId: number, address: string, what: ShareEvent, itemName = ""): Promise<void> {
  await db.insert(shareLinkEvents).values({ linkId, address, what, itemName });
}
