import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { roleMessages } from "@common/auth";
import { peopleMessages } from "@common/people";
import { users } from "../../db/schema";
import { createAdmin, registerUser, type TestUser } from "../../testing/factories";
import { type JobDriver, jobDriver, jobsAppForTests, moveBody } from "../../testing/jobs";
import type { TestApp } from "../../testing/test-app";

describe("PATCH /api/admin/users/:id { role }", () => {
  let t: TestApp, admin: TestUser, alice: TestUser, bob: TestUser, pilot: TestUser, serviceId: number;
  let drive: JobDriver;
  jobsAppForTests(["admin", "customer", "customer", "pilot"], (made) => {
    ({ t, serviceId, drive } = made);
    [admin, alice, bob, pilot] = made.users;
  });

  const setRole = (id: number | string, body: object, user?: TestUser) =>
    t.app.inject({ method: "PATCH", url: `/api/admin/users/${id}`, headers: user ? { cookie: user.cookie } : {}, payload: body });
  const roleOf = async (user: TestUser) => (await t.database.db.select({ role: users.role }).from(users).where(eq(users.id, user.user.id)))[0]!.role;
  const status = async (url: string, user: TestUser) => (await t.app.inject({ method: "GET", url, headers: { cookie: user.cookie } })).statusCode;

  it("lets only admins change a role: 401 visitor, 403 the customer, another customer and a pilot; nothing changed", async () => {
    const expected = { visitor: 401, customer: 403, other: 403, pilot: 403, admin: 200 };
    const callers = { visitor: undefined, customer: alice, other: bob, pilot, admin };
    for (const [name, user] of Object.entries(callers)) {
      const res = await setRole(alice.user.id, { role: "customer" }, user);
      expect({ name, status: res.statusCode }).toEqual({ name, status: expected[name as keyof typeof expected] });
    }
    for (const [name, user] of Object.entries(callers)) {
      if (name === "admin") continue;
      await setRole(alice.user.id, { role: "admin" }, user);
      expect({ name, role: await roleOf(alice) }).toEqual({ name, role: "customer" });
    }
  });

  it("makes a customer a pilot, who has the back office's jobs on their very next request", async () => {
    const carol = await registerUser(t);
    expect(await status("/api/admin/jobs", carol)).toBe(403);
    const res = await setRole(carol.user.id, { role: "pilot" }, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: `${carol.user.username} is now a pilot`,
      data: { ...carol.user, role: "pilot", notes: "", requiredInsuranceLimit: null },
    });
    expect(await status("/api/admin/jobs", carol)).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie: carol.cookie } })).json().role).toBe("pilot");
    // A pilot is staff, not an admin.
    expect(await status("/api/admin/users", carol)).toBe(403);
  });

  it("takes the back office from a demoted admin at once, in the session they already have", async () => {
    const other = await createAdmin(t);
    expect(await status("/api/admin/users", other)).toBe(200);
    const res = await setRole(other.user.id, { role: "customer" }, admin);
    expect(res.json().message).toBe(`${other.user.username} is now a customer`);
    expect(await status("/api/admin/users", other)).toBe(403);
    expect(await status("/api/admin/customers", other)).toBe(403);
    expect(await status("/api/admin/jobs", other)).toBe(403);
  });

  it("gives a promoted customer the back office at once", async () => {
    const dave = await registerUser(t);
    expect((await setRole(dave.user.id, { role: "admin" }, admin)).json().message).toBe(`${dave.user.username} is now an admin`);
    expect(await status("/api/admin/users", dave)).toBe(200);
  });

  it("refuses an admin's own account with 409 naming the role", async () => {
    const res = await setRole(admin.user.id, { role: "customer" }, admin);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: roleMessages.ownRole, errors: { role: roleMessages.ownRole } });
    expect(await roleOf(admin)).toBe("admin");
  });

  it("keeps a pilot staff while they fly scheduled jobs, and lets go once none is left", async () => {
    const flyer = await registerUser(t);
    await setRole(flyer.user.id, { role: "pilot" }, admin);
    const flyerDrive = jobDriver(t, admin, flyer, serviceId);
    const first = await flyerDrive.jobAt(alice, "scheduled");
    const second = await flyerDrive.jobAt(bob, "scheduled");

    const twice = await setRole(flyer.user.id, { role: "customer" }, admin);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: roleMessages.pilotHasFlights(2), errors: { role: roleMessages.pilotHasFlights(2) } });
    expect(roleMessages.pilotHasFlights(2)).toBe("Reassign this pilot's 2 scheduled flights first");
    expect(await status("/api/admin/jobs", flyer)).toBe(200);

    // Another staff role keeps them able to fly.
    expect((await setRole(flyer.user.id, { role: "admin" }, admin)).statusCode).toBe(200);
    expect((await setRole(flyer.user.id, { role: "pilot" }, admin)).statusCode).toBe(200);

    expect((await flyerDrive.patch(first, moveBody("flown", flyer.user.id), flyer)).statusCode).toBe(200);
    const once = await setRole(flyer.user.id, { role: "customer" }, admin);
    expect(once.json()).toEqual({
      message: "Reassign this pilot's 1 scheduled flight first",
      errors: { role: "Reassign this pilot's 1 scheduled flight first" },
    });

    expect(await roleOf(flyer)).toBe("pilot");
    expect((await drive.patch(second, { ...moveBody("scheduled", pilot.user.id), reason: "Pilot reassigned" })).statusCode).toBe(200);
    const freed = await setRole(flyer.user.id, { role: "customer" }, admin);
    expect(freed.statusCode).toBe(200);
    expect(await roleOf(flyer)).toBe("customer");
    expect(await status("/api/admin/jobs", flyer)).toBe(403);
    // The job they flew, its held deliverables and its thread are no longer theirs to see.
    expect(await status(`/api/jobs/${first}`, flyer)).toBe(404);
    expect(await status(`/api/jobs/${first}/messages`, flyer)).toBe(404);
  });

  it("answers 404 for no such account", async () => {
    const res = await setRole(999_999, { role: "pilot" }, admin);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("User not found");
  });

  it.each<[string | number, object, string, string]>([
    [0, { role: "pilot" }, "id", "id must be a whole number from 1 to 2147483647"],
    ["abc", { role: "pilot" }, "id", "id must be a whole number from 1 to 2147483647"],
    ["bob", { role: "owner" }, "role", roleMessages.role],
    ["bob", { role: null }, "role", roleMessages.role],
    ["bob", {}, "body", peopleMessages.nothingToChange],
  ])("refuses id %s with body %j: 400 naming %s, nothing changed", async (id, body, field, message) => {
    const res = await setRole(id === "bob" ? bob.user.id : id, body, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ [field]: message });
    expect(await roleOf(bob)).toBe("customer");
  });
});
