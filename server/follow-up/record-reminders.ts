import { and, eq, lte } from "drizzle-orm";
import { backOfficeTab } from "@common/back-office-links";
import { EXPIRY_REMINDER_DAYS, type RecordKind } from "@common/operator-records";
import type { Database } from "../db/client";
import { pilotCertificates, recordReminders, users } from "../db/schema";
import { complianceWarnings } from "../jobs/compliance";
import { type MailSite, noticeSender } from "../mail/notice";
import type { TaskQueue } from "../queue/queue";
import { businessRecipients } from "../settings/recipients";

const DAY_MS = 86_400_000;

/** Whole calendar days from `today` to `day` (negative: already past). */
const daysUntil = (today: string, day: string): number => Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);

/**
 * The reminder due `left` days before an expiry: the nearest of 30, 7 and 0 that has come. A record
 * found late (entered 5 days before it lapses, or the sweep down for a week) gets the latest one
 * only; null when none has come yet.
 */
function reminderDue(left: number): number | null {
  const come = EXPIRY_REMINDER_DAYS.filter((days) => left <= days);
  return come.length === 0 ? null : Math.min(...come);
}

/** How a reminder says when the record lapses. */
function whenSaid(left: number): string {
  if (left > 1) return `in ${left} days`;
  if (left === 1) return "tomorrow";
  if (left === 0) return "today";
  return left === -1 ? "yesterday" : `${-left} days ago`;
}

const KIND_WORDS: Record<RecordKind, string> = {
  certificate: "Certificate",
  aircraft: "Aircraft registration",
  insurance: "Insurance policy",
  battery: "Battery",
  maintenance: "Maintenance",
};

/**
 * Queues the expiry reminders now due of the operator's records (docs/decisions/0068-operator-records.md):
 * the certificates, registrations and policy that the back office warns of, at 30, 7 and 0 days
 * before their day in the business's zone. To the business (its notification address, else every
 * admin), and for a certificate to its pilot too. As the other reminders, each mail is queued under
 * a key first and only then marked sent, so two sweeps at once send it once; a renewal (a new
 * expiry day) earns the reminders anew.
 */
export async function sendRecordReminders({ db, queue, site }: { db: Database; queue: Pick<TaskQueue, "send">; site: MailSite }, today: string): Promise<void> {
  type Warning = Awaited<ReturnType<typeof complianceWarnings>>[number];
  const warnings = (await complianceWarnings(db, today)).filter(
    (warning): warning is Warning & { kind: RecordKind; on: string } => warning.kind !== "pilot" && warning.on !== null,
  );
  if (warnings.length === 0) return;
  const business = await site.business();
  const send = noticeSender(queue, () => ({ name: business.name, color: business.brandColor ?? null }));
  const toBusiness = await businessRecipients(db, business.notifyEmail);
  for (const warning of warnings) {
    const { kind, on: dueOn } = warning;
    const left = daysUntil(today, dueOn);
    const days = reminderDue(left);
    if (days === null) continue;
    const [sent] = await db
      .select({ days: recordReminders.days })
      .from(recordReminders)
      .where(
        and(eq(recordReminders.kind, kind), eq(recordReminders.recordId, warning.recordId), eq(recordReminders.dueOn, dueOn), lte(recordReminders.days, days)),
      );
    if (sent) continue;
    const subject = `${KIND_WORDS[kind]} ${left < 0 ? "lapsed" : "due"} ${whenSaid(left)}: ${warning.message}`;
    const key = `record-expiry:${kind}:${warning.recordId}:${dueOn}:${days}`;
    const after = "Flights scheduled after that day are refused until a current record is entered.";
    await send({
      to: toBusiness,
      subject,
      lines: [
        `${warning.message}.`,
        `${left < 0 ? "It lapsed" : "It falls due"} ${whenSaid(left)}. ${after}`,
        "Record the renewal in the back office's Fleet & compliance tab.",
      ],
      link: { href: `${site.publicUrl}${backOfficeTab("fleet")}`, label: "Open Fleet & compliance" },
      key: `${key}:business`,
    });
    if (kind === "certificate") {
      const [pilot] = await db
        .select({ email: users.email })
        .from(pilotCertificates)
        .innerJoin(users, eq(users.id, pilotCertificates.pilotId))
        .where(eq(pilotCertificates.id, warning.recordId));
      if (pilot && !pilot.email.endsWith(".invalid") && !toBusiness.includes(pilot.email)) {
        await send({
          to: [pilot.email],
          subject,
          lines: [
            `${warning.message}.`,
            `${left < 0 ? "It lapsed" : "It falls due"} ${whenSaid(left)}. ${after}`,
            "Add your renewed certificate under My certificates.",
          ],
          link: { href: `${site.publicUrl}${backOfficeTab("certificates")}`, label: "Open My certificates" },
          key: `${key}:pilot`,
        });
      }
    }
    await db.insert(recordReminders).values({ kind, recordId: warning.recordId, dueOn, days }).onConflictDoNothing();
  }
}
