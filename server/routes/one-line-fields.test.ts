import { describe, expect, it } from "vitest";
import { singleLineMessage } from "@common/field-rules";
import { appWithUsersForTests, type TestUser } from "../testing/factories";
import { multipartBody, sampleFiles } from "../testing/multipart";
import type { TestApp } from "../testing/test-app";

// The one-line rule of every field is checked schema by schema in common/one-line.test.ts; these
// are the requests themselves, each answered 400 with the field named and nothing stored.
describe("a one-line field with a line break or a control character is refused with 400 naming it", () => {
  let t: TestApp, admin: TestUser, customer: TestUser, serviceId: number;
  appWithUsersForTests(["admin", "customer"], (made) => {
    ({ t, serviceId } = made);
    [admin, customer] = made.users;
  });

  const send = (method: "POST" | "PATCH", url: string, payload: object, user?: TestUser) =>
    t.app.inject({ method, url, payload, headers: user ? { cookie: user.cookie } : {} });
  const site = { name: "Depot", address: "1 Quay St", latitude: null, longitude: null };

  it("a job's title (CR LF) and its site's name (ESC) when an admin opens a job; neither is stored", async () => {
    const before = (await t.app.inject({ method: "GET", url: "/api/admin/jobs", headers: { cookie: admin.cookie } })).json().data.length;
    const title = await send("POST", "/api/admin/jobs", { userId: customer.user.id, serviceId, title: "Roof\r\nsurvey", site }, admin);
    expect(title.statusCode).toBe(400);
    expect(title.json().errors).toEqual({ title: singleLineMessage("The title") });
    const siteName = await send(
      "POST",
      "/api/admin/jobs",
      { userId: customer.user.id, serviceId, title: "Roof survey", site: { ...site, name: "Depot\u001b[2J" } },
      admin,
    );
    expect(siteName.statusCode).toBe(400);
    expect(siteName.json().errors).toEqual({ "site.name": singleLineMessage("The site name") });
    expect((await t.app.inject({ method: "GET", url: "/api/admin/jobs", headers: { cookie: admin.cookie } })).json().data).toHaveLength(before);
  });

  it("a job's title changed to one with LF", async () => {
    const created = await send("POST", "/api/admin/jobs", { userId: customer.user.id, serviceId, title: "Roof survey", site }, admin);
    expect(created.statusCode, created.body).toBe(201);
    const res = await send("PATCH", `/api/admin/jobs/${created.json().data.id}/details`, { title: "Roof\nsurvey" }, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ title: singleLineMessage("The title") });
  });

  it("a contact inquiry's name and phone; its message keeps its lines", async () => {
    const res = await send("POST", "/api/contact", {
      name: "Ada\rLovelace",
      email: "ada@example.com",
      phone: "555-010-2024\n",
      service: "solar\t",
      message: "Line one\nline two",
    });
    expect(res.statusCode).toBe(400);
    // Surrounding breaks are trimmed away (the phone's); one inside a value is refused.
    expect(res.json().errors).toEqual({ name: singleLineMessage("Name") });
  });

  it("a new account's username and last name", async () => {
    const res = await send("POST", "/api/register", {
      username: "ada\u0085x",
      email: "ada@example.com",
      firstName: "Ada",
      lastName: "Love\u2028lace",
      password: "correct-horse",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ username: singleLineMessage("Username"), lastName: singleLineMessage("Name") });
  });

  it("a delivered report's title in the upload form's fields", async () => {
    const fields = { userId: String(customer.user.id), serviceId: String(serviceId), title: "Roof\r\nsurvey", description: "Thermal\nimages" };
    const { payload, headers } = await multipartBody(fields, { name: "roof.pdf", type: "application/pdf", content: sampleFiles.pdf });
    const res = await t.app.inject({ method: "POST", url: "/api/admin/reports", payload, headers: { ...headers, cookie: admin.cookie } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ title: singleLineMessage("Title") });
  });
});
