import { escapeHtml } from "@common/html";
import type { TaskQueue } from "../queue/queue";
import type { MailMessage } from "./mailer";
import { mailTask } from "./mail-task";

/** One mail of the product in its parts: whom it is to, what it says and where it links. */
export interface Notice {
  to: string[];
  subject: string;
  lines: string[];
  link?: { href: string; label: string };
  attachments?: MailMessage["attachments"];
  /** Makes the mail once only: a second notice with the same key stores nothing (server/queue/queue.ts). */
  key?: string;
}

/**
 * Puts one notice in the mail outbox: its lines as text and as HTML, its link, the business's
 * name as the signature. Every mail of the product is written this way (the jobs' notices, the
 * estimate, invoice and receipt mails, the password reset).
 */
export function noticeSender(queue: Pick<TaskQueue, "send">, signature: () => string | Promise<string>): (notice: Notice) => Promise<void> {
  return async (notice) => {
    if (notice.to.length === 0) return;
    // Read as each notice is written: the name the business has now (server/settings/).
    const businessName = await signature();
    const text = [...notice.lines, ...(notice.link ? ["", `${notice.link.label}: ${notice.link.href}`] : []), "", `— ${businessName}`].join("\n");
    const html = [
      ...notice.lines.map((line) => `<p>${escapeHtml(line)}</p>`),
      notice.link ? `<p><a href="${escapeHtml(notice.link.href)}">${escapeHtml(notice.link.label)}</a></p>` : "",
      `<p>— ${escapeHtml(businessName)}</p>`,
    ].join("");
    await queue.send(
      mailTask,
      { to: notice.to.join(", "), subject: notice.subject, text, html, ...(notice.attachments ? { attachments: notice.attachments } : {}) },
      notice.key === undefined ? {} : { key: notice.key },
    );
  };
}

/** The business as its mails name and link it. */
export interface MailSite {
  publicUrl: string;
  /** Its name, its public e-mail, and the address its own notices go to (empty: every admin), as its settings have them now. */
  business(): Promise<{ name: string; email: string; notifyEmail: string }>;
}
