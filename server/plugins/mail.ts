import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** True when mail really leaves (SMTP); false when it is only logged. */
  readonly delivers: boolean;
  send(message: MailMessage): Promise<void>;
}

/** SMTP via nodemailer when SMTP_URL is set; otherwise mails are written to the log. */
export function createMailer(options: { smtpUrl: string | undefined; from: string }, log: FastifyBaseLogger): Mailer {
  if (!options.smtpUrl) {
    return {
      delivers: false,
      send: async (message) => {
        log.info({ to: message.to, subject: message.subject }, "mail not sent (no SMTP_URL configured)");
      },
    };
  }
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    delivers: true,
    send: async (message) => {
      await transport.sendMail({ from: options.from, ...message });
    },
  };
}
