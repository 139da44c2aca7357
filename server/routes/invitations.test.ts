import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { roleMessages } from "@common/auth";
import { authMessages } from "@common/auth-rules";
import { peopleMessages } from "@common/people";
import { invitations, users } from "../db/schema";
import { readOutbox } from "../mail/outbox";
import { registerUser, sessionCookieOf, type TestUser } from "../testing/factories";
import { appWithSmtpPeerForTests } from "../testing/mailed-app";
import type { SmtpPeer } from "../testing/smtp-peer";
import type { TestApp } from "../testing/test-app";

// Mail leaves through the queue's worker, a moment after the answer.
const MAIL_WAIT = { timeout: 10_000 };

/** The invitation link of the newest mail to `to`, with quoted-printable soft breaks undone. */
function linkTo(inbox: { to: string; raw: string }[], to: string): string {
  const mail = inbox.findLast((received) => received.to === to);
  if (!mail) throw new Error(`no mail to ${to}`);
  const decoded = mail.raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  const match = /https?:\/\/[^\s"<]+\/invitation\?token=[A-Za-z0-9_-]+/.exec(decoded);
  if (!match) throw new Error(`no invitation link in mail:\n${mail.raw}`);
  return match[0];
}

const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;

describe("invitations", () => {
  let smtp: SmtpPeer;
  let t: TestApp, admin: TestUser, customer: TestUser, other: TestUser, pilot: TestUser;

  appWithSmtpPeerForTests(
    ["admin", "customer", "customer", "pilot"],
    (peer) => ({ SMTP_URL: peer.url, PUBLIC_URL: "https://skyvantage.test" }),
    (made) => {
      ({ t, smtp } = made);
      [admin, customer, other, pilot] = made.users;
    },
  );

  // null: a visitor.
  const as = (user: TestUser | null) => (user ? { cookie: user.cookie } : {});
  const invite = (body: object, user: TestUser | null = admin) =>
    t.app.inject({ method: "POST", url: "/api/admin/invitations", headers: as(user), payload: body });
  const list = (user: TestUser | null = admin) => t.app.inject({ method: "GET", url: "/api/admin/invitations", headers: as(user) });
  const revoke = (id: number | string, user: TestUser | null = admin) =>
    t.app.inject({ method: "DELETE", url: `/api/admin/invitations/${id}`, headers: as(user) });
  const check = (token: string) => t.app.inject({ method: "POST", url: "/api/invitations/check", payload: { token } });
  const accept = (body: object) => t.app.inject({ method: "POST", url: "/api/invitations/accept", payload: body });

  const mailed = (email: string) => expect.poll(() => smtp.inbox.some((received) => received.to === email), MAIL_WAIT).toBe(true);

  /** Invites `email` (each test its own address) and waits for the mail; answers the link's token and the invitation's id. */
  async function invited(email: string, role = "pilot", extra: object = {}) {
    const res = await invite({ email, role, ...extra });
    expect(res.statusCode).toBe(201);
    await mailed(email);
    return { id: res.json().data.id as number, token: tokenOf(linkTo(smtp.inbox, email)) };
  }

  it.each([
    [
      "POST /api/admin/invitations",
      () => invite({ email: "matrix@example.com", role: "pilot" }, null),
      (user: TestUser) => invite({ email: `m-${user.user.id}@example.com`, role: "pilot" }, user),
    ],
    ["GET /api/admin/invitations", () => list(null), (user: TestUser) => list(user)],
    ["DELETE /api/admin/invitations/:id", () => revoke(999_999, null), (user: TestUser) => revoke(999_999, user)],
  ])("%s: 401 visitor, 403 a customer, another customer and a pilot", async (_, asVisitor, asUser) => {
    expect((await asVisitor()).statusCode).toBe(401);
    for (const user of [customer, other, pilot]) expect((await asUser(user)).statusCode).toBe(403);
  });

  it("lets an admin invite a pilot by mail: 201, the link only in the mail, the token only hashed, the queue holding only the id", async () => {
    const res = await invite({ email: "Wilbur.Invited@example.com", role: "pilot", firstName: "Wilbur", lastName: "Wright" });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ email: "Wilbur.Invited@example.com", role: "pilot", status: "pending", invitedBy: { id: admin.user.id } });
    expect(res.body).not.toMatch(/token/i);
    await mailed("Wilbur.Invited@example.com");
    const mail = smtp.inbox.findLast((received) => received.to === "Wilbur.Invited@example.com")!;
    expect(mail.raw).toContain("Hello Wilbur,");
    const link = linkTo(smtp.inbox, "Wilbur.Invited@example.com");
    expect(link).toMatch(/^https:\/\/skyvantage\.test\/invitation\?token=/);
    const [row] = await t.database.db.select().from(invitations).where(eq(invitations.id, res.json().data.id));
    expect(row!.tokenHash).not.toBe(tokenOf(link));
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    // Through the durable queue, as its own task: the job's data is the invitation's id alone, and the development Outbox never shows the link.
    const jobs = (await t.database.db.execute(sql`select data from pgboss.job where name = 'invitation-mail'`)) as unknown as { rows: { data: unknown }[] };
    expect(jobs.rows).toContainEqual({ data: { invitationId: res.json().data.id } });
    expect((await readOutbox(t.database.db)).some((outboxMail) => outboxMail.text.includes(tokenOf(link)))).toBe(false);
    const listed = (await list()).json().data;
    expect(JSON.stringify(listed)).not.toContain(tokenOf(link));
    expect(listed.find((row: { id: number }) => row.id === res.json().data.id)).toMatchObject({ status: "pending", invitedBy: { id: admin.user.id } });
  });

  it.each<[object, string, string]>([
    [{ email: "not-an-email", role: "pilot" }, "email", authMessages.email],
    [{ email: "x@example.com", role: "owner" }, "role", roleMessages.role],
    [{ role: "pilot" }, "email", "Invalid input: expected string, received undefined"],
  ])("refuses %j with 400 naming %s", async (body, field, message) => {
    const res = await invite(body);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual([field]);
    if (field !== "email" || message === authMessages.email) expect(res.json().errors[field]).toBe(message);
  });

  it("refuses with 409 naming the address an account holds, or a pending invitation holds", async () => {
    const taken = await invite({ email: customer.user.email.toUpperCase(), role: "customer" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({ email: peopleMessages.accountExists(customer.user.email.toUpperCase()) });
    await invited("twice@example.com");
    const again = await invite({ email: "twice@example.com", role: "customer" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("twice@example.com already has a pending invitation");
  });

  it("shows the page who is invited, then makes the account with the invited role and signs them in, once", async () => {
    const { id, token } = await invited("orville@example.com", "pilot", { firstName: "Orville" });
    expect((await check(token)).json()).toEqual({
      status: "pending",
      email: "orville@example.com",
      role: "pilot",
      firstName: "Orville",
      lastName: "",
      username: "",
    });
    const res = await accept({ token, username: "orville", password: "kitty-hawk", lastName: "Wright" });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      username: "orville",
      email: "orville@example.com",
      role: "pilot",
      firstName: "Orville",
      lastName: "Wright",
      active: true,
    });
    const me = await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie: sessionCookieOf(res) } });
    expect(me.json().role).toBe("pilot");
    const login = await t.app.inject({ method: "POST", url: "/api/login", payload: { username: "orville", password: "kitty-hawk" } });
    expect(login.statusCode).toBe(200);
    const listed = (await list()).json().data.find((row: { id: number }) => row.id === id);
    expect(listed).toMatchObject({ status: "accepted", userId: res.json().id });
    expect(listed.acceptedAt).toEqual(expect.any(String));

    const second = await accept({ token, username: "orville2", password: "kitty-hawk" });
    expect(second.statusCode).toBe(410);
    expect(second.json().message).toBe(peopleMessages.invitationUsed);
    expect((await check(token)).json()).toEqual({ status: "accepted", contactEmail: expect.stringContaining("@") });
    expect((await revoke(id)).statusCode).toBe(409);
  });

  it("refuses a withdrawn link with 410, and an expired one", async () => {
    const withdrawn = await invited("withdrawn@example.com", "customer");
    const revoked = await revoke(withdrawn.id);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().data.status).toBe("revoked");
    const late = await accept({ token: withdrawn.token, username: "withdrawn", password: "secret-pw" });
    expect(late.statusCode).toBe(410);
    expect(late.json().message).toBe(peopleMessages.invitationRevoked);
    expect((await check(withdrawn.token)).json().status).toBe("revoked");
    // Withdrawn, the address may be invited again.
    expect((await invite({ email: "withdrawn@example.com", role: "customer" })).statusCode).toBe(201);

    const expired = await invited("expired@example.com", "customer");
    await t.database.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, expired.id));
    const tooLate = await accept({ token: expired.token, username: "expired", password: "secret-pw" });
    expect(tooLate.statusCode).toBe(410);
    expect(tooLate.json().message).toBe(peopleMessages.invitationExpired);
    expect((await list()).json().data.find((row: { id: number }) => row.id === expired.id).status).toBe("expired");
    expect((await invite({ email: "expired@example.com", role: "customer" })).statusCode).toBe(201);
  });

  it.each<[object, string, string]>([
    [{ token: "no-such-token", username: "someone", password: "secret-pw" }, "token", peopleMessages.invitationUnknown],
    [{ token: "x", username: "ab", password: "secret-pw" }, "username", authMessages.username],
    [{ token: "x", username: "someone", password: "short" }, "password", authMessages.password],
  ])("refuses the accept of %j with 400 naming %s", async (body, field, message) => {
    const res = await accept(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ [field]: message });
  });

  it("refuses a username another account has, naming it, and keeps the link good", async () => {
    const { token } = await invited("namesake@example.com", "customer");
    const res = await accept({ token, username: customer.user.username.toUpperCase(), password: "secret-pw" });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual({ username: authMessages.usernameTaken });
    expect((await accept({ token, username: "namesake", password: "secret-pw" })).statusCode).toBe(201);
  });

  it("answers 404 for withdrawing no such invitation", async () => {
    expect((await revoke(999_999)).statusCode).toBe(404);
  });

  it("lets a registered person's address be refused even in a different case", async () => {
    const someone = await registerUser(t, { email: "Case.Matters@example.com" });
    const res = await invite({ email: "case.matters@EXAMPLE.com", role: "admin" });
    expect(res.statusCode).toBe(409);
    expect((await t.database.db.select().from(users).where(eq(users.id, someone.user.id))).length).toBe(1);
  });
});
