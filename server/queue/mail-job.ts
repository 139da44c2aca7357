import type { MailMessage } from "../mail/mailer";
import { defineJob } from "./define-job";

/**
 * The mail outbox: a request stores the message as a job and answers; this worker hands it to
 * SMTP (or the log), and a refused or unreachable SMTP server is retried with backoff.
 */
export const mailJob = defineJob<MailMessage>({
  name: "mail",
  async work(message, { mailer }, job) {
    // The job id as Message-ID: a rare second attempt after a crash mid-send is the same message to the receiver.
    await mailer.send({ ...message, id: job.id });
  },
});
