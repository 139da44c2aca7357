import { describe, expect, it } from "vitest";
import type { TaskQueue } from "../queue/queue";
import type { MailMessage } from "./mailer";
import { resetMessage } from "../auth/password-reset-task";
import { type NoticeSignature, noticeSender } from "./notice";

/** The mails a notice puts in the outbox, as the queue was handed them. */
async function mailsOf(signature: NoticeSignature): Promise<MailMessage[]> {
  const sent: MailMessage[] = [];
  const queue: Pick<TaskQueue, "send"> = {
    send: async (_task, data) => {
      sent.push(data as MailMessage);
    },
  };
  await noticeSender(
    queue,
    () => signature,
  )({ to: ["zoe@example.com"], subject: "Your estimate", lines: ["It is ready."], link: { href: "https://example.test/e/1", label: "Open it" } });
  return sent;
}

describe("a notice's HTML", () => {
  it("draws its link in the brand's colour when the business has one", async () => {
    const [mail] = await mailsOf({ name: "Prairie Drone Works", color: "#0055aa" });
    expect(mail!.html).toContain('<a href="https://example.test/e/1" style="color:#0055aa">Open it</a>');
    expect(mail!.html).toContain("— Prairie Drone Works");
  });

  it("leaves the link to the mail reader's own colour when none is set, as a fresh install's mails are", async () => {
    for (const signature of ["SkyVantage", { name: "SkyVantage", color: null }]) {
      const [mail] = await mailsOf(signature);
      expect(mail!.html).toContain('<a href="https://example.test/e/1">Open it</a>');
      expect(mail!.html).not.toContain("style=");
    }
  });

  it("never writes a colour that is not #rrggbb into the markup", async () => {
    const [mail] = await mailsOf({ name: "SkyVantage", color: 'red" onclick="x' });
    expect(mail!.html).not.toContain("style=");
  });
});

describe("the password reset mail's HTML", () => {
  const user = { id: 1, email: "zoe@example.com", firstName: "Zoë", lastName: "Ångström", username: "zoe" } as Parameters<typeof resetMessage>[0];

  it("draws its link in the brand's colour when the business has one, and as before when none is set", () => {
    expect(resetMessage(user, "https://example.test/reset", "Prairie", "#0055aa").html).toContain(
      '<a href="https://example.test/reset" style="color:#0055aa">',
    );
    expect(resetMessage(user, "https://example.test/reset", "SkyVantage").html).toContain('<a href="https://example.test/reset">');
  });
});
