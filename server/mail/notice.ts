import { HEX_COLOR } from "@common/brand";
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

/** A mail link's style attribute in the brand's colour, or none. Mail readers drop <style> blocks, so the link carries it; only "#rrggbb" is written. */
export const linkStyleOf = (color: string | null | undefined): string => (color && HEX_COLOR.test(color) ? ` style="color:${color}"` : "");

/** Who signs a notice: the business's name, and its brand's colour for the link (none: the mail reader's own). */
export type NoticeSignature = string | { name: string; color?: string | null | undefined };

/**
 * Puts one notice in the mail outbox: its lines as text and as HTML, its link (in the brand's
 * colour, when one is set), the business's name as the signature. Every mail of the product is
 * written this way (the jobs' notices, the estimate, invoice and receipt mails, the password reset).
 */
export function noticeSender(queue: Pick<TaskQueue, "send">, signature: () => NoticeSignature | Promise<NoticeSignature>): (notice: Notice) => Promise<void> {
  return async (notice) => {
    if (notice.to.length === 0) return;
    // Read as each notice is written: the name and colour the business has now (server/settings/).
    const signed = await signature();
    const { name: businessName, color = null } = typeof signed === "string" ? { name: signed } : signed;
    const linkStyle = linkStyleOf(color);
    const text = [...notice.lines, ...(notice.link ? ["", `${notice.link.label}: ${notice.link.href}`] : []), "", `— ${businessName}`].join("\n");
    const html = [
      ...notice.lines.map((line) => `<p>${escapeHtml(line)}</p>`),
      notice.link ? `<p><a href="${escapeHtml(notice.link.href)}"${linkStyle}>${escapeHtml(notice.link.label)}</a></p>` : "",
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
  /**
   * Its name, its public e-mail, the address its own notices go to (empty: every admin), and its
   * brand's primary colour in the shade that reads on white (none: the mail reader's own), as its settings have them now.
   */
  business(): Promise<{ name: string; email: string; notifyEmail: string; brandColor?: string | null }>;
}
