import type { TestMailResult } from "@common/contract/settings";
import { DomainError } from "../domain-errors";
import { transportTo } from "../mail/mailer";
import type { BusinessSettings } from "./settings-store";

export const NO_MAIL_SERVER = "No mail server is set: save one first, then send the test";

/**
 * Sends one mail now, not through the outbox, so the owner reads the mail server's own answer: its
 * acceptance ("250 2.0.0 Ok: queued as …") or its refusal ("535 5.7.8 Authentication failed"), or why
 * it could not be reached. The settings stay as saved either way.
 */
export async function sendTestMail(settings: BusinessSettings, to: string): Promise<TestMailResult> {
  if (!settings.mail) throw new DomainError("conflict", NO_MAIL_SERVER, { mail: NO_MAIL_SERVER });
  const transport = transportTo(settings.mail);
  try {
    const info = await transport.sendMail({
      from: settings.mail.from,
      to,
      subject: `Test mail from ${settings.businessName}`,
      text: `This is a test mail from ${settings.businessName}'s website. Mail from the site reaches this address.\n`,
    });
    return { delivered: true, answer: String(info.response ?? "accepted") };
  } catch (error) {
    const failure = error as { response?: string; message?: string; code?: string };
    return { delivered: false, answer: failure.response ?? [failure.code, failure.message].filter(Boolean).join(": ") };
  } finally {
    transport.close();
  }
}
