import type { FastifyBaseLogger } from "fastify";
import nodemailer, { type Transporter } from "nodemailer";

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

/** How mail leaves: SMTP_URL as the environment gives it, or the server set in the back office's settings. */
export type MailServer = { url: string; from: string } | { host: string; port: number; secure: boolean; user: string; password: string; from: string };

export interface Mailer {
  /** Whether the mail really left (SMTP) rather than only being logged, for want of a mail server. */
  send(message: MailMessage): Promise<{ delivered: boolean }>;
}

// Bounded well below the queue's job expiry, so a hung server fails the attempt instead of holding the job.
const TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };

/** A nodemailer transport to the server; its answer to a mail is the server's own words. */
export function transportTo(server: MailServer): Transporter {
  if ("url" in server) return nodemailer.createTransport({ url: server.url, ...TIMEOUTS });
  return nodemailer.createTransport({
    host: server.host,
    port: server.port,
    secure: server.secure,
    ...(server.user ? { auth: { user: server.user, pass: server.password } } : {}),
    ...TIMEOUTS,
  });
}

/**
 * SMTP via nodemailer to the mail server in effect when each mail is sent (read through `server`:
 * SMTP_URL, else the back office's settings); without one, mails are written to the log. Only the
 * outbox's worker (server/mail/mail-task.ts) calls it: requests enqueue, they never wait on SMTP.
 */
export function createMailer(server: () => Promise<MailServer | null>, log: FastifyBaseLogger): Mailer {
  // One transport per server setting, made again when the setting changes (derived, so never stale).
  let current: { key: string; transport: Transporter } | undefined;
  return {
    send: async ({ id, ...message }) => {
      const settings = await server();
      if (!settings) {
        log.info({ to: message.to, subject: message.subject }, "mail not sent (no mail server configured)");
        return { delivered: false };
      }
      const key = JSON.stringify(settings);
      if (current?.key !== key) {
        current?.transport.close();
        current = { key, transport: transportTo(settings) };
      }
      const domain = settings.from.match(/@([^\s>]+)/)?.[1] ?? "skyvantage.invalid";
      await current.transport.sendMail({ from: settings.from, ...message, ...(id ? { messageId: `<${id}@${domain}>` } : {}) });
      return { delivered: true };
    },
  };
}
