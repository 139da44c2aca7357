import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/client";
import { users } from "../db/schema";
import { escapeHtml } from "@common/html";
import { mailJob } from "../queue/mail-job";
import type { JobQueue } from "../queue/queue";

interface Notice {
  to: string[];
  subject: string;
  lines: string[];
  link?: { href: string; label: string };
}

/** Each resolves once its mail is in the outbox (or there is nobody to tell); none ever rejects. */
export interface Notifier {
  /** To the customer: a report or media item was delivered to their dashboard. */
  delivered(userId: number, kind: "report" | "media", title: string): Promise<void>;
  /** To the customer: their quote changed status. */
  quoteStatusChanged(userId: number, serviceType: string, status: string, priceCents: number | null): Promise<void>;
  /** To every admin: a new inquiry or quote request arrived. */
  newSubmission(submission: { name: string; email: string; service: string; message: string; isQuote: boolean }): Promise<void>;
}

/**
 * E-mails about deliveries, quotes and new submissions (issue 4). The request awaits only the
 * enqueue (a row in the outbox), so an acknowledged change has its mail stored; the outbox's
 * worker sends it. A notice that cannot be stored never fails the request: it is only logged.
 */
export function createNotifier(db: Database, queue: JobQueue, log: FastifyBaseLogger, options: { businessName: string; publicUrl: string }): Notifier {
  const dashboard = { href: `${options.publicUrl}/dashboard`, label: "Open your dashboard" };

  const send = async (notice: Notice) => {
    if (notice.to.length === 0) return;
    const text = [...notice.lines, ...(notice.link ? ["", `${notice.link.label}: ${notice.link.href}`] : []), "", `— ${options.businessName}`].join("\n");
    const html = [
      ...notice.lines.map((line) => `<p>${escapeHtml(line)}</p>`),
      notice.link ? `<p><a href="${escapeHtml(notice.link.href)}">${escapeHtml(notice.link.label)}</a></p>` : "",
      `<p>— ${escapeHtml(options.businessName)}</p>`,
    ].join("");
    await queue.send(mailJob, { to: notice.to.join(", "), subject: notice.subject, text, html });
  };

  const customer = async (userId: number) => {
    const [row] = await db.select({ email: users.email, firstName: users.firstName, username: users.username, role: users.role }).from(users).where(eq(users.id, userId));
    return row;
  };
  const safely = (work: () => Promise<void>) => work().catch((error: unknown) => log.error({ err: error }, "notification could not be queued"));

  return {
    delivered: (userId, kind, title) =>
      safely(async () => {
        const to = await customer(userId);
        if (!to || to.role === "admin") return;
        const what = kind === "report" ? "report" : "media file";
        await send({
          to: [to.email],
          subject: `New ${what} from ${options.businessName}: ${title}`,
          lines: [`Hello ${to.firstName || to.username},`, `A new ${what}, "${title}", is ready in your dashboard.`],
          link: dashboard,
        });
      }),
    quoteStatusChanged: (userId, serviceType, status, priceCents) =>
      safely(async () => {
        const to = await customer(userId);
        if (!to) return;
        const price = priceCents !== null && status === "accepted" ? ` The quoted price is $${(priceCents / 100).toFixed(2)}.` : "";
        await send({
          to: [to.email],
          subject: `Your ${serviceType} quote request is ${status}`,
          lines: [`Hello ${to.firstName || to.username},`, `Your quote request for ${serviceType} is now ${status}.${price}`],
          link: dashboard,
        });
      }),
    newSubmission: (submission) =>
      safely(async () => {
        const admins = await db.select({ email: users.email }).from(users).where(eq(users.role, "admin"));
        await send({
          to: admins.map((admin) => admin.email).filter((email) => !email.endsWith(".invalid")),
          subject: `${submission.isQuote ? "New quote request" : "New inquiry"} from ${submission.name}`,
          lines: [`From: ${submission.name} <${submission.email}>`, `Service: ${submission.service}`, "", ...submission.message.split("\n")],
        });
      }),
  };
}
