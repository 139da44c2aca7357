import { and, count, eq, gt, lte, max, min, sql } from "drizzle-orm";
import { SHARE_PIN_LIMITS, type ShareEvent, shareLinkMessages } from "@common/share-links";
import { hashToken } from "../auth/tokens";
import type { Database } from "../db/client";
import { jobs, shareLinkEvents, shareLinks, sharePinAttempts } from "../db/schema";
import { DomainError } from "../domain-errors";
import { linkState } from "./manage-links";
import { pinBackoffMs, pinProof, provesPin, verifyPin } from "./pin";
import type { ShareLinkRow } from "./shared-deliverables";

const NO_SUCH_LINK = "This share link does not exist. Check the address you were sent.";

/** The link a token names and its job, whatever its state: an unknown token is not found (404). */
export async function findLink(db: Database, token: string) {
  const [found] = await db
    .select({ link: shareLinks, job: jobs })
    .from(shareLinks)
    .innerJoin(jobs, eq(jobs.id, shareLinks.jobId))
    .where(eq(shareLinks.tokenHash, hashToken(token)));
  if (!found) throw new DomainError("not-found", NO_SUCH_LINK);
  return found;
}

const GONE = { revoked: shareLinkMessages.revoked, disabled: shareLinkMessages.disabled, expired: shareLinkMessages.expired } as const;

/** Refuses a link that is no longer active (410), with words the recipient's page shows. */
export function assertActive(link: Pick<ShareLinkRow, "expiresAt" | "revokedAt" | "disabledAt">, now = new Date()): void {
  const state = linkState(link, now);
  if (state !== "active") throw new DomainError("gone", GONE[state]);
}

/**
 * The link a token opens and its job, while the link is active: an unknown token is not found
 * (404); an expired, revoked or disabled one gone (410), with words the recipient's page shows.
 */
export async function openLink(db: Database, token: string, now = new Date()) {
  const found = await findLink(db, token);
  assertActive(found.link, now);
  return found;
}

type OpenLink = Awaited<ReturnType<typeof openLink>>["link"];

/** Whether the browser may see what the link shares: it has no PIN, or the browser holds the PIN's proof. */
export const isUnlocked = (link: Pick<OpenLink, "pinHash">, token: string, proof: string | undefined): boolean =>
  link.pinHash === null || provesPin(link.pinHash, token, proof);

/** Refuses a locked link's content (401): the page then shows its PIN screen. */
export function assertUnlocked(link: Pick<OpenLink, "pinHash">, token: string, proof: string | undefined): void {
  if (!isUnlocked(link, token, proof)) throw new DomainError("forbidden", shareLinkMessages.pinRequired);
}

/** Refuses a download on a view-only link (403). */
export function assertDownloads(link: Pick<OpenLink, "allowDownload">): void {
  if (!link.allowDownload) throw new DomainError("forbidden", shareLinkMessages.viewOnly);
}

/** What a PIN attempt came to; `wait` and `disabled` tried no PIN, or closed the link with this one. */
export type PinOutcome = { outcome: "right"; proof: string | null } | { outcome: "wrong" } | { outcome: "wait"; seconds: number } | { outcome: "disabled" };

/**
 * POST /api/share/:token/pin (docs/decisions/0044-share-link-pins.md). One link's attempts are
 * taken one at a time, under a lock on its row, so guesses arriving all at once see each other.
 * In order: an address over SHARE_PIN_LIMITS.perAddress wrong PINs in the window, across links,
 * waits; an address that has entered a wrong PIN on this link waits out the link's back-off
 * (pinBackoffMs) from the link's latest wrong PIN; an address with none is always tried, whatever
 * other addresses did. A wrong PIN goes to the access log, and the link's ceiling-th closes it.
 * A right PIN answers the proof the browser keeps (null for a link without a PIN).
 */
export async function tryPin(db: Database, link: OpenLink, token: string, pin: string, address: string, now = new Date()): Promise<PinOutcome> {
  const { pinHash } = link;
  if (pinHash === null) return { outcome: "right", proof: null };
  const windowMs = SHARE_PIN_LIMITS.windowMinutes * 60_000;
  const since = new Date(now.getTime() - windowMs);
  const waitUntil = (until: Date): PinOutcome => ({ outcome: "wait", seconds: Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000)) });
  // The outcome leaves the transaction as a value: a refusal thrown inside would roll the attempt back.
  const outcome = await db.transaction(async (tx): Promise<PinOutcome> => {
    const [locked] = await tx.select({ disabledAt: shareLinks.disabledAt }).from(shareLinks).where(eq(shareLinks.id, link.id)).for("update");
    // Another attempt closed the link while this one waited for the lock.
    if (!locked || locked.disabledAt) return { outcome: "disabled" };
    // The link's attempts from before the window count for nothing any more.
    await tx.delete(sharePinAttempts).where(and(eq(sharePinAttempts.linkId, link.id), lte(sharePinAttempts.at, since)));
    // Written before the PIN is checked: one address's guesses at several links at once all count.
    const [attempt] = await tx.insert(sharePinAttempts).values({ linkId: link.id, address, at: now }).returning({ id: sharePinAttempts.id });
    const takeBack = () => tx.delete(sharePinAttempts).where(eq(sharePinAttempts.id, attempt!.id));
    const [mine] = await tx
      .select({ count: count(), oldest: min(sharePinAttempts.at) })
      .from(sharePinAttempts)
      .where(and(eq(sharePinAttempts.address, address), gt(sharePinAttempts.at, since)));
    if ((mine?.count ?? 0) > SHARE_PIN_LIMITS.perAddress) {
      // A refused attempt tried no PIN: only guesses count.
      await takeBack();
      return waitUntil(new Date((mine?.oldest ?? now).getTime() + windowMs));
    }
    const [history] = await tx
      .select({
        wrongPins: count(),
        latest: max(shareLinkEvents.at),
        fromHere: sql<number>`count(*) filter (where ${shareLinkEvents.address} = ${address})`.mapWith(Number),
      })
      .from(shareLinkEvents)
      .where(and(eq(shareLinkEvents.linkId, link.id), eq(shareLinkEvents.what, "wrong-pin")));
    const wrongPins = history?.wrongPins ?? 0;
    if ((history?.fromHere ?? 0) > 0 && history?.latest) {
      const until = new Date(history.latest.getTime() + pinBackoffMs(wrongPins));
      if (until.getTime() > now.getTime()) {
        await takeBack();
        return waitUntil(until);
      }
    }
    if (await verifyPin(pin, pinHash)) {
      await takeBack();
      return { outcome: "right", proof: pinProof(pinHash, token) };
    }
    await tx.insert(shareLinkEvents).values({ linkId: link.id, address, what: "wrong-pin", at: now });
    if (wrongPins + 1 < SHARE_PIN_LIMITS.ceiling) return { outcome: "wrong" };
    await tx.update(shareLinks).set({ disabledAt: now }).where(eq(shareLinks.id, link.id));
    return { outcome: "disabled" };
  });
  return outcome;
}

/** One line of the owner's access log (wrong PINs are written by tryPin). */
export async function logAccess(db: Database, linkId: number, address: string, what: ShareEvent, itemName = ""): Promise<void> {
  await db.insert(shareLinkEvents).values({ linkId, address, what, itemName });
}
