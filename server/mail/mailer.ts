import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * Small files sent along, kept in the outbox with the mail: a flight's .ics as text, an
   * estimate's or an invoice's PDF as base64 (`encoding: "base64"`).
   */
  attachments?: { filename: string; content: string; contentType: string; encoding?: "base64" }[];
  /** A stable id (the outbox job's), sent as Message-ID so a repeated delivery is recognisably the same mail. */
  id?: string;
}

export interface Mailer {
  /** True when mail really leaves (SMTP); false when it is only logged. */
  readonly delivers: boolean;
  send(message: MailMessage): Promise<void>;
}

/**
 * SMTP via nodemailer when SMTP_URL is set; otherwise mails are written to the log. Only the
 * outbox's worker (server/mail/mail-task.ts) calls it: requests enqueue, they never wait on SMTP.
 */
export function createMailer(options: { smtpUrl: string | undefined; from: string }, log: FastifyBaseLogger): Mailer {
  if (!options.smtpUrl) {
    return {
      delivers: false,
      send: async (message) => {
        log.info({ to: message.to, subject: message.subject }, "mail not sent (no SMTP_URL configured)");
      },
    };
  }
  // Bounded well below the queue's job expiry, so a hung server fails the attempt instead of holding the job.
  const transport = nodemailer.createTransport({ url: options.smtpUrl, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 });
  const domain = options.from.match(/@([^\s>]+)/)?.[1] ?? "skyvantage.invalid";
  return {
    delivers: true,
    send: async ({ id, ...message }) => {
      await transport.sendMail({ from: options.from, ...message, ...(id ? { messageId: `<${id}@${domain}>` } : {}) });
    },
  };
}
