import type { Mailer, MailMessage } from "./mailer";
import { defineTask } from "../queue/define-task";

/**
 * The mail outbox: a request stores the message as a job and answers; this worker hands it to
 * SMTP (or the log), and a refused or unreachable SMTP server is retried with backoff. Its output
 * says whether the mail really left (`delivered`): without SMTP_URL it was only logged, and the
 * Outbox says "Not sent: no mail server" rather than "Sent".
 */
export const mailTask = defineTask<MailMessage, { mailer: Mailer }>({
  name: "mail",
  async work(message, { mailer }, run) {
    // The run's id (pg-boss's job id) as Message-ID: a rare second attempt after a crash mid-send is the same message to the receiver.
    return mailer.send({ ...message, id: run.id });
  },
});
