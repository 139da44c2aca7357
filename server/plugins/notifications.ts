import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/client";
import { users } from "../db/schema";
import { escapeHtml } from "@common/html";
import type { Mailer } from "./mail";

interface Notice {
  to: string[];
  subject: string;
  lines: string[];
  link?: { href: string; label: string };
}

export interface Notifier {
  /** To the customer: a report or media item was delivered to their dashboard. */
  delivered(userId: number, kind: "report" | "media", title: string): void;
  /** To the customer: their quote changed status. */
  quoteStatusChanged(userId: number, serviceType: string, status: string, priceCents: number | null): void;
  /** To every admin: a new inquiry or quote request arrived. */
  newSubmission(submission: { name: string; email: string; service: string; message: string; isQuote: boolean }): void;
}

/**
 * E-mails about deliveries, quotes and new submissions (issue 4). Sending happens after the
 * answer and never fails the request that caused it: a failure is only logged.
 */
export function createNotifier(db: Database, mailer: Mailer, log: FastifyBaseLogger, options: { businessName: string; publicUrl: string | undefined }): Notifier {
  const dashboard = options.publicUrl ? { href: `${options.publicUrl}/dashboard`, label: "Open your dashboard" } : undefined;

  const send = (notice: Notice) => {
    if (notice.to.length === 0) return;
    const text = [...notice.lines, ...(notice.link ? ["", `${notice.link.label}: ${notice.link.href}`] : []), "", `— ${options.businessName}`].join("\n");
    const html = [
      ...notice.lines.map((line) => `<p>${escapeHtml(line)}</p>`),
      notice.link ? `<p><a href="${escapeHtml(notice.link.href)}">${escapeHtml(notice.link.label)}</a></p>` : "",
      `<p>— ${escapeHtml(options.businessName)}</p>`,
    ].join("");
    mailer.send({ to: notice.to.join(", "), subject: notice.subject, text, html }).catch((error: unknown) => {
      log.error({ err: error, subject: notice.subject }, "notification mail failed");
    });
  };

  const customer = async (userId: number) => {
    const [row] = await db.select({ email: users.email, firstName: users.firstName, username: users.username, role: users.role }).from(users).where(eq(users.id, userId));
    return row;
  };
  const later = (work: () => Promise<void>) => {
    work().catch((error: unknown) => log.error({ err: error }, "notification failed"));
  };

  return {
    delivered: (userId, kind, title) =>
      later(async () => {
        const to = await customer(userId);
        if (!to || to.role === "admin") return;
        const what = kind === "report" ? "report" : "media file";
        send({
          to: [to.email],
          subject: `New ${what} from ${options.businessName}: ${title}`,
          lines: [`Hello ${to.firstName || to.username},`, `A new ${what}, "${title}", is ready in your dashboard.`],
          ...(dashboard ? { link: dashboard } : {}),
        });
      }),
    quoteStatusChanged: (userId, serviceType, status, priceCents) =>
      later(async () => {
        const to = await customer(userId);
        if (!to) return;
        const price = priceCents !== null && status === "accepted" ? ` The quoted price is $${(priceCents / 100).toFixed(2)}.` : "";
        send({
          to: [to.email],
          subject: `Your ${serviceType} quote request is ${status}`,
          lines: [`Hello ${to.firstName || to.username},`, `Your quote request for ${serviceType} is now ${status}.${price}`],
          ...(dashboard ? { link: dashboard } : {}),
        });
      }),
    newSubmission: (submission) =>
      later(async () => {
        const admins = await db.select({ email: users.email }).from(users).where(eq(users.role, "admin"));
        send({
          to: admins.map((admin) => admin.email).filter((email) => !email.endsWith(".invalid")),
          subject: `${submission.isQuote ? "New quote request" : "New inquiry"} from ${submission.name}`,
          lines: [`From: ${submission.name} <${submission.email}>`, `Service: ${submission.service}`, "", ...submission.message.split("\n")],
        });
      }),
  };
}
