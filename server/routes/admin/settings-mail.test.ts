import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestUser } from "../../testing/factories";
import { appWithSmtpPeerForTests } from "../../testing/mailed-app";
import { mailServerAt, settingsDriver } from "../../testing/settings";
import { AUTH_REFUSAL, type SmtpPeer, startAuthenticatingSmtpPeer } from "../../testing/smtp-peer";
import type { TestApp } from "../../testing/test-app";
import { NO_MAIL_SERVER } from "../../settings/test-mail";

const WAIT = { timeout: 15_000, interval: 100 };

/** A port on 127.0.0.1 that nothing listens on: one the system gave out, closed again. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A raw mail's text with its quoted-printable encoding undone (soft line breaks, =XX bytes as UTF-8). */
const decoded = (raw: string) =>
  Buffer.from(
    raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");

describe("POST /api/admin/settings/test-mail", () => {
  let smtp: SmtpPeer, strict: SmtpPeer;
  let as: ReturnType<typeof settingsDriver>;
  beforeAll(async () => {
    strict = await startAuthenticatingSmtpPeer({ user: "mailer", password: "the-right-one" });
  });
  afterAll(() => strict.close());
  appWithSmtpPeerForTests(["admin"], ({ t, smtp: peer, users: [admin] }) => {
    smtp = peer;
    as = settingsDriver(t, admin);
  });

  it("answers 409 while no mail server is set, saying to save one first", async () => {
    const res = await as.testMail("owner@example.com");
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(NO_MAIL_SERVER);
  });

  it("sends through the saved server and answers with its 250; the mail is in the server's inbox", async () => {
    const saved = await as.save({ businessName: "Prairie Drone Works", mail: mailServerAt(smtp) });
    const result = await as.sendTestMail("owner@example.com");
    expect(result).toEqual({ delivered: true, answer: expect.stringMatching(/^250\b/) });
    expect(smtp.inbox).toHaveLength(1);
    expect(smtp.inbox[0]!.to).toBe("owner@example.com");
    expect(smtp.inbox[0]!.raw).toMatch(/^Subject: Test mail from Prairie Drone Works\r?$/m);
    expect(smtp.inbox[0]!.raw).toMatch(/^From: Prairie Drone Works <office@prairie\.example>\r?$/m);
    expect(await as.view()).toEqual(saved);
  });

  it("answers delivered false with the server's own words when it refuses the login; the settings stay as saved", async () => {
    const saved = await as.save({ mail: mailServerAt(strict, { user: "mailer", password: "a-wrong-one" }) });
    const result = await as.sendTestMail("owner@example.com");
    expect(result.delivered).toBe(false);
    expect(result.answer).toMatch(/^535\b/);
    expect(result.answer).toContain(AUTH_REFUSAL);
    expect(strict.inbox).toEqual([]);
    expect(await as.view()).toEqual(saved);
  });

  it("answers delivered false with the connection's error when nothing listens; the settings stay as saved", async () => {
    const saved = await as.save({ mail: mailServerAt({ port: await closedPort() }) });
    const result = await as.sendTestMail("owner@example.com");
    expect(result).toEqual({ delivered: false, answer: expect.stringContaining("ECONNREFUSED") });
    expect(await as.view()).toEqual(saved);
  });

  it("refuses an address that is not one with 400 naming to", async () => {
    const res = await as.testMail("owner at example");
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(["to"]);
  });
});

describe("the product's mails follow the settings", () => {
  let smtp: SmtpPeer;
  let t: TestApp, admin: TestUser, customer: TestUser, as: ReturnType<typeof settingsDriver>;
  appWithSmtpPeerForTests(["admin", "customer"], (made) => {
    ({ t, smtp } = made);
    [admin, customer] = made.users;
    as = settingsDriver(t, admin);
  });

  /** The mail to `address` whose decoded text matches `pattern`, once it has arrived. */
  const mailTo = async (address: string, pattern: RegExp) => {
    const find = () => smtp.inbox.map((mail) => ({ ...mail, text: decoded(mail.raw) })).find((mail) => mail.to === address && pattern.test(mail.text));
    await expect.poll(() => find() !== undefined, WAIT).toBe(true);
    return find()!.text;
  };
  const inquiry = (name: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/contact",
      payload: { name, email: "someone@example.com", phone: "5550102024", service: "agriculture", message: "Can you map our orchard this spring?" },
    });

  it("a new inquiry's notice reaches the admins through the mail server saved, signed with the name saved", async () => {
    await as.save({ businessName: "Prairie Drone Works", mail: mailServerAt(smtp) });
    expect((await inquiry("Ada Orchard")).statusCode).toBe(201);
    const text = await mailTo(admin.user.email, /New inquiry from Ada Orchard/);
    expect(text).toContain("— Prairie Drone Works");
    expect(text).not.toContain("SkyVantage");
  });

  it("a password reset mail names the business as saved", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/forgot-password", payload: { email: customer.user.email } });
    expect(res.statusCode).toBe(200);
    expect(await mailTo(customer.user.email, /^Subject: Reset your Prairie Drone Works password\r?$/m)).toContain("/reset-password?token=");
  });

  it("with notifyEmail set, the admins' notice goes to that address, not to each admin", async () => {
    await as.save({ notifyEmail: "office@prairie.example" });
    expect((await inquiry("Ben Barley")).statusCode).toBe(201);
    expect(await mailTo("office@prairie.example", /New inquiry from Ben Barley/)).toContain("— Prairie Drone Works");
    expect(smtp.inbox.filter((mail) => mail.to === admin.user.email && decoded(mail.raw).includes("Ben Barley"))).toEqual([]);
  });
});
