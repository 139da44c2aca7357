import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passwordResetTokens, sessions } from "../db/schema";
import { registerUser, type TestUser } from "../testing/factories";
import type { Mailer, MailMessage } from "../mail/mailer";
import { startSmtpPeer } from "../testing/smtp-peer";
import { createTestApp, type TestApp } from "../testing/test-app";

// Mail leaves through the queue's worker, a moment after the answer.
const MAIL_WAIT = { timeout: 10_000 };

/** Quoted-printable soft line breaks and =3D must go before a link can be read from the raw mail. */
function linkIn(raw: string): string {
  const decoded = raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  const match = /https?:\/\/[^\s"<]+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(decoded);
  if (!match) throw new Error(`no reset link in mail:\n${raw}`);
  return match[0];
}

describe("password reset with real mail", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  let t: TestApp;
  let pilot: TestUser;

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: "https://skyvantage.test" });
    pilot = await registerUser(t, { email: "reset.me@example.com" });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  // A forged Host changes no link: links use PUBLIC_URL.
  const forgot = (email: string) =>
    t.app.inject({ method: "POST", url: "/api/forgot-password", payload: { email }, headers: { host: "evil.example", "x-forwarded-host": "evil.example" } });
  const reset = (token: string, newPassword: string) => t.app.inject({ method: "POST", url: "/api/reset-password", payload: { token, newPassword } });
  const login = (password: string) => t.app.inject({ method: "POST", url: "/api/login", payload: { username: pilot.user.username, password } });

  it("answers the same whether or not the e-mail exists, and mails only a real account", async () => {
    const before = smtp.inbox.length;
    const known = await forgot("RESET.ME@example.com");
    const unknown = await forgot("nobody@example.com");
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().resetLink).toBeUndefined();
    await expect.poll(() => smtp.inbox.length, MAIL_WAIT).toBe(before + 1);
    const mail = smtp.inbox.at(-1)!;
    expect(mail.to).toBe("reset.me@example.com");
    expect(mail.raw).toContain("text/plain");
    expect(mail.raw).toContain("text/html");
    expect(linkIn(mail.raw)).toMatch(/^https:\/\/skyvantage\.test\/reset-password\?token=/);
  });

  it("greets by first name, else by the e-mail, as every mail does", async () => {
    const nameless = await registerUser(t, { email: "no.name@example.com", firstName: "", lastName: "" });
    for (const [email, hello] of [
      ["reset.me@example.com", "Hello Test,"],
      [nameless.user.email, "Hello no.name@example.com,"],
    ]) {
      const count = smtp.inbox.length;
      await forgot(email!);
      await expect.poll(() => smtp.inbox.length, MAIL_WAIT).toBe(count + 1);
      expect(smtp.inbox.at(-1)!.raw).toContain(hello);
    }
    expect(smtp.inbox.at(-1)!.raw).not.toContain(`Hello ${nameless.user.username},`);
  });

  it("stores the token only hashed", async () => {
    const count = smtp.inbox.length;
    await forgot("reset.me@example.com");
    await expect.poll(() => smtp.inbox.length, MAIL_WAIT).toBe(count + 1);
    const token = new URL(linkIn(smtp.inbox.at(-1)!.raw)).searchParams.get("token")!;
    const rows = await t.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, pilot.user.id));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((row) => row.tokenHash === token)).toBe(false);
  });

  it("resets the password with the mailed link once, ending every session", async () => {
    const count = smtp.inbox.length;
    await forgot("reset.me@example.com");
    await expect.poll(() => smtp.inbox.length, MAIL_WAIT).toBe(count + 1);
    const token = new URL(linkIn(smtp.inbox.at(-1)!.raw)).searchParams.get("token")!;

    const ok = await reset(token, "brand-new-pw");
    expect(ok.statusCode).toBe(200);
    expect(await t.database.db.$count(sessions, eq(sessions.userId, pilot.user.id))).toBe(0);
    expect((await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie: pilot.cookie } })).statusCode).toBe(401);
    expect((await login(pilot.password)).statusCode).toBe(401);
    expect((await login("brand-new-pw")).statusCode).toBe(200);
    pilot = { ...pilot, password: "brand-new-pw" };

    const again = await reset(token, "another-pw");
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe("Invalid reset token");
  });

  it("refuses an expired token", async () => {
    const count = smtp.inbox.length;
    await forgot("reset.me@example.com");
    await expect.poll(() => smtp.inbox.length, MAIL_WAIT).toBe(count + 1);
    const token = new URL(linkIn(smtp.inbox.at(-1)!.raw)).searchParams.get("token")!;
    await t.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, pilot.user.id));
    const res = await reset(token, "too-late-pw");
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/expired/);
    expect((await login("too-late-pw")).statusCode).toBe(401);
  });

  it("refuses a made-up token and a short password", async () => {
    expect((await reset("made-up", "whatever-pw")).json().message).toBe("Invalid reset token");
    const short = await reset("made-up", "123");
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.newPassword).toBe("Password must be at least 6 characters");
  });
});

describe("forgot-password and a slow mail server", () => {
  it("answers a known address before its mail is handed over, as it answers an unknown one", async () => {
    // A mail server that takes the message only when the test lets it: the answer must not wait for it.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const inbox: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, session, callback) {
        stream.resume();
        stream.on(
          "end",
          () =>
            void held.then(() => {
              inbox.push(session.envelope.rcptTo.map((r) => r.address).join(","));
              callback();
            }),
        );
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.server.address() as AddressInfo;
    const t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_URL: "https://skyvantage.test" });
    try {
      const pilot = await registerUser(t, { email: "held@example.com" });
      const known = await t.app.inject({ method: "POST", url: "/api/forgot-password", payload: { email: pilot.user.email } });
      const unknown = await t.app.inject({ method: "POST", url: "/api/forgot-password", payload: { email: "nobody.held@example.com" } });
      expect(known.statusCode).toBe(200);
      expect(known.json()).toEqual(unknown.json());
      expect(inbox).toEqual([]);
      release();
      await expect.poll(() => inbox, MAIL_WAIT).toEqual(["held@example.com"]);
    } finally {
      release();
      await t.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe("password reset without SMTP", () => {
  it("hands the link back outside production, and the link works", async () => {
    const t = await createTestApp();
    try {
      const pilot = await registerUser(t);
      const res = await t.app.inject({
        method: "POST",
        url: "/api/forgot-password",
        payload: { email: pilot.user.email },
        headers: { host: "127.0.0.1:5000" },
      });
      const { resetLink } = res.json();
      expect(resetLink).toMatch(/^http:\/\/127\.0\.0\.1:5000\/reset-password\?token=/);
      const token = new URL(resetLink).searchParams.get("token")!;
      expect((await t.app.inject({ method: "POST", url: "/api/reset-password", payload: { token, newPassword: "fresh-pw" } })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it("never hands the link back on a network address; the mail with the public link is only logged", async () => {
    const logged: MailMessage[] = [];
    const mailer: Mailer = { send: async (message) => (logged.push(message), { delivered: false }) };
    const t = await createTestApp({ HOST: "0.0.0.0", PUBLIC_URL: "https://skyvantage.test" }, { mailer });
    try {
      const pilot = await registerUser(t);
      const res = await t.app.inject({ method: "POST", url: "/api/forgot-password", payload: { email: pilot.user.email }, headers: { host: "evil.example" } });
      expect(res.statusCode).toBe(200);
      expect(res.json().resetLink).toBeUndefined();
      await expect.poll(() => logged.length, MAIL_WAIT).toBe(1);
      expect(logged[0]!.to).toBe(pilot.user.email);
      expect(linkIn(logged[0]!.text)).toMatch(/^https:\/\/skyvantage\.test\/reset-password\?token=/);
    } finally {
      await t.close();
    }
  });

  it("never hands the link back in production", async () => {
    const t = await createTestApp({ NODE_ENV: "production", PUBLIC_URL: "https://skyvantage.test" });
    try {
      const pilot = await registerUser(t);
      const res = await t.app.inject({ method: "POST", url: "/api/forgot-password", payload: { email: pilot.user.email } });
      expect(res.statusCode).toBe(200);
      expect(res.json().resetLink).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});
