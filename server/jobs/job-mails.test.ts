import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerUser, type TestUser } from "../testing/factories";
import { type jobDriver, jobsAppWithMail, moveBody } from "../testing/jobs";
import type { startSmtpPeer } from "../testing/smtp-peer";
import type { TestApp } from "../testing/test-app";

describe("job mails", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  let t: TestApp, admin: TestUser, customer: TestUser, pilot: TestUser;
  let drive: ReturnType<typeof jobDriver>;
  beforeAll(async () => {
    ({
      smtp,
      t,
      users: [admin, customer, pilot],
      drive,
    } = await jobsAppWithMail());
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  /** The mail to `address` whose raw text matches every pattern, once it has arrived. */
  const mailTo = async (address: string, ...patterns: RegExp[]) => {
    const find = () => smtp.inbox.find((mail) => mail.to.split(",").includes(address) && patterns.every((pattern) => pattern.test(mail.raw)));
    await expect.poll(() => find() !== undefined, { timeout: 5_000 }).toBe(true);
    return find()!.raw;
  };

  it("tells the customer the flight is scheduled, with the window as an .ics file, and again when it moves", async () => {
    const id = await drive.jobAt(customer, "accepted");
    const window = { scheduledStart: "2030-05-01T08:00:00.000Z", scheduledEnd: "2030-05-01T10:00:00.000Z" };
    expect((await drive.patch(id, { status: "scheduled", ...window, timeZone: "Europe/Paris", pilotId: pilot.user.id })).statusCode).toBe(200);
    const scheduled = await mailTo(customer.user.email, /Subject: Scheduled: Roof survey/);
    expect(scheduled).toMatch(/Wednesday, May 1, 2030 at 10:00\s+AM/);
    expect(scheduled).toContain("Content-Type: text/calendar");
    expect(scheduled).toContain(`job-${id}.ics`);
    expect(Buffer.from(scheduled.split(`filename=job-${id}.ics`)[1]!.split("\r\n\r\n")[1]!.split("\r\n--")[0]!, "base64").toString()).toContain(
      "DTSTART:20300501T080000Z",
    );
    expect(scheduled).toContain(`/dashboard/jobs/${id}`);

    expect(
      (
        await drive.patch(id, {
          status: "scheduled",
          scheduledStart: "2030-05-03T08:00:00.000Z",
          scheduledEnd: "2030-05-03T09:00:00.000Z",
          pilotId: pilot.user.id,
          reason: "Weather hold",
        })
      ).statusCode,
    ).toBe(200);
    expect(await mailTo(customer.user.email, /Subject: Rescheduled: Roof survey/)).toContain("Weather hold");
  });

  it("tells the customer when the job is delivered", async () => {
    const id = await drive.jobAt(customer, "processing");
    expect((await drive.patch(id, moveBody("delivered", pilot.user.id))).statusCode).toBe(200);
    expect(await mailTo(customer.user.email, /Subject: Delivered: Roof survey/)).toContain(`/dashboard/jobs/${id}`);
  });

  it("mails each message to the other side of the thread", async () => {
    const id = await drive.jobAt(customer, "scheduled");
    await drive.inject("POST", `/api/jobs/${id}/messages`, customer, { body: "Is the gate code still 1234?" });
    await mailTo(admin.user.email, /Subject: New message about Roof survey/, /gate code/);
    await mailTo(pilot.user.email, /gate code/);
    await drive.inject("POST", `/api/jobs/${id}/messages`, pilot, { body: "Yes, see you at eight" });
    expect(await mailTo(customer.user.email, /see you at eight/)).toContain(`/dashboard/jobs/${id}`);
  });

  it("names people by their names: a message's author by first and last name, never the username; the greeting by first name, else e-mail", async () => {
    const id = await drive.jobAt(customer, "scheduled");
    await drive.inject("POST", `/api/jobs/${id}/messages`, pilot, { body: "Landing zone is the east lot" });
    const message = await mailTo(customer.user.email, /east lot/);
    // The factories name every account Test Pilot.
    expect(message).toContain("Test Pilot wrote:");
    expect(message).not.toContain(`${pilot.user.username} wrote:`);

    const nameless = await registerUser(t, { firstName: "", lastName: "" });
    const other = await drive.jobAt(nameless, "accepted");
    expect((await drive.patch(other, moveBody("scheduled", pilot.user.id))).statusCode).toBe(200);
    const scheduled = await mailTo(nameless.user.email, /Subject: Scheduled: Roof survey/);
    expect(scheduled).toContain(`Hello ${nameless.user.email},`);
    expect(scheduled).not.toContain(`Hello ${nameless.user.username},`);
  });

  it("refuses a time zone it does not know, naming timeZone", async () => {
    const id = await drive.jobAt(customer, "accepted");
    const res = await drive.patch(id, { ...moveBody("scheduled", pilot.user.id), timeZone: "Mars/Olympus" });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(["timeZone"]);
  });
});
