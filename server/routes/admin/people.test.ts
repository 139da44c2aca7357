import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { authMessages } from "@common/auth-rules";
import { contactMessages } from "@common/contact";
import { peopleMessages } from "@common/people";
import { invitations, sessions, users } from "../../db/schema";
import { registerUser, sessionCookieOf, type TestUser } from "../../testing/factories";
import { appWithSmtpPeerForTests } from "../../testing/mailed-app";
import type { SmtpPeer } from "../../testing/smtp-peer";
import type { TestApp } from "../../testing/test-app";

const MAIL_WAIT = { timeout: 10_000 };

describe("people: phone-in customers, profiles, deactivation", () => {
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

  const as = (user: TestUser | null) => (user ? { cookie: user.cookie } : {});
  const addCustomer = (body: object, user: TestUser | null = admin) =>
    t.app.inject({ method: "POST", url: "/api/admin/customers", headers: as(user), payload: body });
  const change = (id: number, body: object, user: TestUser | null = admin) =>
    t.app.inject({ method: "PATCH", url: `/api/admin/users/${id}`, headers: as(user), payload: body });
  const changeOwn = (body: object, user: TestUser | null) => t.app.inject({ method: "PATCH", url: "/api/user", headers: as(user), payload: body });
  const login = (username: string, password: string) => t.app.inject({ method: "POST", url: "/api/login", payload: { username, password } });
  const me = (cookie: string) => t.app.inject({ method: "GET", url: "/api/user", headers: { cookie } });
  const phoneIn = { email: "grace.phone@example.com", firstName: "Grace", lastName: "Hopper", company: "Navy Yard Solar", phone: "+1 555 010 2030" };

  it("lets only admins add a customer or change an account: 401 visitor, 403 a customer, another customer and a pilot", async () => {
    for (const [user, expected] of [
      [null, 401],
      [customer, 403],
      [other, 403],
      [pilot, 403],
    ] as const) {
      expect((await addCustomer({ ...phoneIn, email: `matrix-${expected}-${user?.user.id ?? 0}@example.com` }, user)).statusCode).toBe(expected);
      expect((await change(customer.user.id, { company: "Hijacked" }, user)).statusCode).toBe(expected);
    }
    expect((await t.database.db.select().from(users).where(eq(users.id, customer.user.id)))[0]!.company).toBe("");
  });

  it("lets PATCH /api/user only the signed-in person, for themselves: 401 visitor", async () => {
    expect((await changeOwn({ phone: "+1 555 000 1111" }, null)).statusCode).toBe(401);
    for (const user of [customer, pilot, admin]) expect((await changeOwn({ company: `Own ${user.user.id}` }, user)).statusCode).toBe(200);
    expect((await t.database.db.select().from(users).where(eq(users.id, other.user.id)))[0]!.company).toBe("");
  });

  it("adds a phone-in customer without a usable password, with the notes only the back office sees", async () => {
    const res = await addCustomer({ ...phoneIn, billingAddress: "1 Dock Street\nArlington, VA", notes: "Prefers calls after 3pm" });
    expect(res.statusCode).toBe(201);
    const account = res.json().data;
    expect(account).toMatchObject({
      ...phoneIn,
      role: "customer",
      active: true,
      billingAddress: "1 Dock Street\nArlington, VA",
      notes: "Prefers calls after 3pm",
    });
    expect(account.username).toBe("grace.phone");
    const [row] = await t.database.db.select().from(users).where(eq(users.id, account.id));
    expect(row!.passwordHash).toBeNull();
    // No password gets in, not even the one the server checks unknown accounts against.
    for (const password of ["not-a-real-password", "anything-at-all"]) expect((await login("grace.phone", password)).statusCode).toBe(401);
    // The back office sees the notes; nothing the customer reads carries them.
    const listed = (await t.app.inject({ method: "GET", url: "/api/admin/customers?q=grace", headers: as(admin) })).json().data;
    expect(listed).toEqual([expect.objectContaining({ id: account.id, notes: "Prefers calls after 3pm", company: "Navy Yard Solar" })]);
    const reset = await t.app.inject({ method: "POST", url: "/api/forgot-password", payload: { email: phoneIn.email } });
    expect(reset.statusCode).toBe(200);
  });

  it.each<[object, string, string]>([
    [{ ...phoneIn, email: "nope" }, "email", authMessages.email],
    [{ ...phoneIn, email: "first@example.com", firstName: " " }, "firstName", "First name is required"],
    [{ ...phoneIn, email: "last@example.com", lastName: "" }, "lastName", "Last name is required"],
    [{ ...phoneIn, email: "phone@example.com", phone: "123" }, "phone", contactMessages.phone],
    [{ ...phoneIn, email: "company@example.com", company: "Two\nlines" }, "company", "Company must be one line, without line breaks or control characters"],
    [{ ...phoneIn, email: "invite@example.com", invite: "yes" }, "invite", "invite must be true or false"],
  ])("refuses a new customer %j with 400 naming %s", async (body, field, message) => {
    const res = await addCustomer(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ [field]: message });
  });

  it("refuses with 409 naming the e-mail an account holds", async () => {
    const res = await addCustomer({ ...phoneIn, email: customer.user.email });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual({ email: peopleMessages.accountExists(customer.user.email) });
  });

  it("invites a phone-in customer, who takes the invitation up with a username and password of their own", async () => {
    const res = await addCustomer({ ...phoneIn, email: "ada.phone@example.com", firstName: "Ada", lastName: "Lovelace", invite: true });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe("Ada Lovelace is added; an invitation is on its way to ada.phone@example.com");
    const id = res.json().data.id;
    await expect.poll(() => smtp.inbox.some((mail) => mail.to === "ada.phone@example.com"), MAIL_WAIT).toBe(true);
    const raw = smtp.inbox
      .find((mail) => mail.to === "ada.phone@example.com")!
      .raw.replace(/=\r?\n/g, "")
      .replace(/=3D/g, "=");
    const token = /\/invitation\?token=([A-Za-z0-9_-]+)/.exec(raw)![1]!;
    const [invitation] = await t.database.db.select().from(invitations).where(eq(invitations.userId, id));
    expect(invitation).toMatchObject({ role: "customer", invitedBy: admin.user.id });

    const check = await t.app.inject({ method: "POST", url: "/api/invitations/check", payload: { token } });
    expect(check.json()).toMatchObject({ status: "pending", username: "ada.phone", firstName: "Ada" });
    const accepted = await t.app.inject({ method: "POST", url: "/api/invitations/accept", payload: { token, username: "countess", password: "analytical" } });
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json()).toMatchObject({ id, username: "countess", firstName: "Ada", lastName: "Lovelace", company: phoneIn.company });
    expect((await login("countess", "analytical")).statusCode).toBe(200);
  });

  it("edits a customer's profile and notes from the back office", async () => {
    const res = await change(other.user.id, {
      company: "Kitty Hawk Farms",
      billingAddress: "12 Dune Road\nKitty Hawk, NC",
      notes: "Pays by cheque",
      phone: "+1 252 555 0100",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      data: { company: "Kitty Hawk Farms", notes: "Pays by cheque", billingAddress: "12 Dune Road\nKitty Hawk, NC" },
    });
    const own = (await me(other.cookie)).json();
    expect(own).toMatchObject({ company: "Kitty Hawk Farms", billingAddress: "12 Dune Road\nKitty Hawk, NC" });
    expect(own).not.toHaveProperty("notes");
    expect((await change(other.user.id, { email: customer.user.email })).json().errors).toEqual({ email: peopleMessages.accountExists(customer.user.email) });
    expect((await change(other.user.id, { active: "no" })).json().errors).toEqual({ active: "active must be true or false" });
  });

  it("deactivates a person: every session ends at once, sign-in is refused with a clear message, their name stays; reactivation lets them back", async () => {
    const bessie = await registerUser(t, { firstName: "Bessie", lastName: "Coleman" });
    const second = sessionCookieOf(await login(bessie.user.username, bessie.password));
    expect((await me(second)).statusCode).toBe(200);

    const off = await change(bessie.user.id, { active: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ message: "Bessie Coleman is deactivated", data: { active: false } });
    expect(await t.database.db.$count(sessions, eq(sessions.userId, bessie.user.id))).toBe(0);
    expect((await me(bessie.cookie)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(401);
    const refused = await login(bessie.user.username, bessie.password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/^This account has been deactivated\. Please contact .+@.+ if you need access again\.$/);
    expect(refused.cookies.find((cookie) => cookie.name === "sv_session")).toBeUndefined();
    // A wrong password learns nothing of it.
    expect((await login(bessie.user.username, "wrong-password")).statusCode).toBe(401);
    // Never deleted: the account and its name stay for the work it did.
    expect((await t.database.db.select().from(users).where(eq(users.id, bessie.user.id)))[0]).toMatchObject({ firstName: "Bessie", active: false });

    const on = await change(bessie.user.id, { active: true });
    expect(on.json().message).toBe("Bessie Coleman is active again");
    expect((await login(bessie.user.username, bessie.password)).statusCode).toBe(200);
  });

  it("refuses an admin's deactivating themselves, with 400 naming the reason", async () => {
    const res = await change(admin.user.id, { active: false });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: peopleMessages.ownActive, errors: { active: peopleMessages.ownActive } });
    expect((await me(admin.cookie)).statusCode).toBe(200);
  });

  it("lets every person edit their own name, phone, company and billing address", async () => {
    const res = await changeOwn({ firstName: "Amelia", phone: "+1 555 123 4567", company: "Lockheed", billingAddress: "Hangar 9\nBurbank" }, customer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: "Your profile is saved",
      data: { firstName: "Amelia", phone: "+1 555 123 4567", billingAddress: "Hangar 9\nBurbank" },
    });
    expect(res.json().data).not.toHaveProperty("notes");
    const bad = await changeOwn({ phone: "12" }, pilot);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ phone: contactMessages.phone });
  });

  it("asks for the current password to change the e-mail or the password, and ends the other sessions on a new password", async () => {
    const jean = await registerUser(t);
    expect((await changeOwn({ email: "jean.new@example.com" }, jean)).json().errors).toEqual({ currentPassword: peopleMessages.currentPasswordNeeded });
    expect((await changeOwn({ newPassword: "another-pw", currentPassword: "wrong-one" }, jean)).json().errors).toEqual({
      currentPassword: peopleMessages.currentPasswordWrong,
    });
    expect((await changeOwn({ newPassword: "short", currentPassword: jean.password }, jean)).json().errors).toEqual({ newPassword: authMessages.password });
    expect((await changeOwn({ email: customer.user.email, currentPassword: jean.password }, jean)).statusCode).toBe(409);

    const elsewhere = sessionCookieOf(await login(jean.user.username, jean.password));
    const res = await changeOwn({ email: "jean.new@example.com", newPassword: "another-pw", currentPassword: jean.password }, jean);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.email).toBe("jean.new@example.com");
    expect((await me(elsewhere)).statusCode).toBe(401);
    expect((await me(sessionCookieOf(res))).statusCode).toBe(200);
    expect((await login(jean.user.username, jean.password)).statusCode).toBe(401);
    expect((await login(jean.user.username, "another-pw")).statusCode).toBe(200);
  });
});
