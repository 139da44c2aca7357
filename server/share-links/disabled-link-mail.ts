import { countDistinct, eq, and } from "drizzle-orm";
import { personName } from "@common/person-name";
import { SHARE_PIN_LIMITS } from "@common/share-links";
import type { Database } from "../db/client";
import { jobs, shareLinkEvents, shareLinks, users } from "../db/schema";
import type { Notice } from "../mail/notice";

/**
 * Tells the business's admins that a link was closed by its last allowed wrong PIN
 * (docs/decisions/0044-share-link-pins.md), through the mail outbox. Keyed by the link, so calling
 * it again (each later PIN sent to the closed link does) stores no second mail, and a mail lost
 * between the closing and its sending is stored by the next try.
 */
export async function mailLinkDisabled(db: Database, send: (notice: Notice) => Promise<void>, publicUrl: string, linkId: number): Promise<void> {
  const [found] = await db
    .select({
      link: shareLinks,
      job: { id: jobs.id, title: jobs.title },
      by: { username: users.username, firstName: users.firstName, lastName: users.lastName },
    })
    .from(shareLinks)
    .innerJoin(jobs, eq(jobs.id, shareLinks.jobId))
    .leftJoin(users, eq(users.id, shareLinks.createdBy))
    .where(eq(shareLinks.id, linkId));
  if (!found?.link.disabledAt) return;
  const [from] = await db
    .select({ addresses: countDistinct(shareLinkEvents.address) })
    .from(shareLinkEvents)
    .where(and(eq(shareLinkEvents.linkId, linkId), eq(shareLinkEvents.what, "wrong-pin")));
  const admins = await db.select({ email: users.email }).from(users).where(eq(users.role, "admin"));
  const made = `made ${found.link.createdAt.toUTCString()}${found.by ? ` by ${personName(found.by)}` : ""}`;
  await send({
    to: admins.map((admin) => admin.email).filter((email) => !email.endsWith(".invalid")),
    subject: `Share link closed after too many wrong PINs: ${found.job.title}`,
    lines: [
      `A share link to the deliverables of "${found.job.title}" (${made}) took ${SHARE_PIN_LIMITS.ceiling} wrong PINs from ${from?.addresses ?? 0} address(es) and was closed on ${found.link.disabledAt.toUTCString()}.`,
      "Nobody can open it any more, with or without the PIN. Its access log on the job's page lists each wrong PIN with its address.",
      "If the recipient still needs the files, make them a new link with a new PIN.",
    ],
    link: { href: `${publicUrl}/admin-dashboard/jobs/${found.job.id}`, label: "Open the job" },
    key: `share-link-disabled:${linkId}`,
  });
}
