import { describe, expect, it } from "vitest";
import { idMessage, MAX_ID } from "@common/validation";
import { appWithUsersForTests, type TestUser } from "../testing/factories";
import { multipartBody, sampleFiles } from "../testing/multipart";
import { registeredRoutes } from "../testing/registered-routes";
import type { TestApp } from "../testing/test-app";
import { inputFieldErrors } from "../db/storable-input";

// The smallest valid body of a route with an id in its path, so only the id is left to refuse.
const validBodies: Record<string, object> = {
  "PATCH /api/subscriptions/:id": { cancelAtPeriodEnd: true },
  "PATCH /api/admin/quotes/:id": { status: "accepted" },
  "PATCH /api/admin/media/:id/gallery": { isGalleryItem: true },
  "PATCH /api/admin/media/:id/gallery-status": { isGalleryItem: true },
  "PATCH /api/admin/reports/:id": { title: "Renamed" },
  "PATCH /api/admin/media/:id": { title: "Renamed" },
  "PATCH /api/admin/testimonials/:id": { published: false },
  "POST /api/admin/testimonials/:id/move": { direction: "up" },
  "PATCH /api/admin/badges/:id": { shown: false },
  "POST /api/admin/badges/:id/move": { direction: "up" },
  "PATCH /api/admin/gallery-categories/:id": { name: "Renamed" },
  "POST /api/admin/gallery-categories/:id/move": { direction: "up" },
  "PATCH /api/admin/media/:id/category": { categoryId: null },
};

describe("input PostgreSQL would refuse gets a 400 naming the field", () => {
  let t: TestApp, admin: TestUser, alice: TestUser, serviceId: number;
  appWithUsersForTests(["admin", "customer"], (made) => {
    ({ t, serviceId } = made);
    [admin, alice] = made.users;
  });

  const tooLarge = String(MAX_ID + 1);

  it("refuses an id of 2^31, a word or 0 on every route with an id in its path, with the one message naming id", async () => {
    const withId = registeredRoutes(t.app).filter(([, path]) => path.includes(":id"));
    expect(withId.length).toBeGreaterThanOrEqual(9);
    for (const [method, path] of withId) {
      // A resumable (tus) upload's id is the upload's own name, not a row's number: only its length is bounded.
      const bad = path.startsWith("/api/uploads/") ? [tooLarge] : [tooLarge, "abc", "0"];
      for (const id of bad) {
        const res = await t.app.inject({
          method: method as "GET",
          // Any other id in the path (a job's document) is a valid one, so only :id is left to refuse.
          url: path.replace(":id", id).replace(":file", "before-480.webp").replace(/:\w+/g, "1"),
          headers: { cookie: admin.cookie },
          ...(validBodies[`${method} ${path}`] ? { payload: validBodies[`${method} ${path}`] } : {}),
        });
        expect({ route: `${method} ${path}`, id, status: res.statusCode, errors: res.json().errors }).toEqual({
          route: `${method} ${path}`,
          id,
          status: 400,
          errors: { id: idMessage("id") },
        });
      }
    }
  });

  it("refuses an id of 2^31 in a body, a query and a form field", async () => {
    const subscribe = await t.app.inject({ method: "POST", url: "/api/subscriptions", headers: { cookie: alice.cookie }, payload: { serviceId: MAX_ID + 1 } });
    expect(subscribe.statusCode).toBe(400);
    expect(subscribe.json().errors).toEqual({ serviceId: `serviceId must be a whole number from 1 to ${MAX_ID}` });

    const pay = await t.app.inject({
      method: "POST",
      url: "/api/create-payment-intent",
      headers: { cookie: alice.cookie },
      payload: { service: "Solar", quoteId: MAX_ID + 1 },
    });
    expect(pay.statusCode).toBe(400);
    expect(Object.keys(pay.json().errors)).toEqual(["quoteId"]);

    const listed = await t.app.inject({ method: "GET", url: `/api/admin/media?userId=${tooLarge}`, headers: { cookie: admin.cookie } });
    expect(listed.statusCode).toBe(400);
    expect(Object.keys(listed.json().errors)).toEqual(["userId"]);

    const fields = { userId: tooLarge, serviceId: String(serviceId), title: "Roof survey", description: "" };
    const { payload, headers } = await multipartBody(fields, { name: "roof.png", type: "image/png", content: sampleFiles.png });
    const uploaded = await t.app.inject({ method: "POST", url: "/api/admin/media", payload, headers: { ...headers, cookie: admin.cookie } });
    expect(uploaded.statusCode).toBe(400);
    expect(Object.keys(uploaded.json().errors)).toEqual(["userId"]);
  });

  it("refuses a NUL character in a JSON body, a query string, a route parameter and a form field", async () => {
    const contact = await t.app.inject({
      method: "POST",
      url: "/api/contact",
      payload: { name: "Ann", email: "ann@example.com", phone: "555 010 0199", service: "Solar Inspections", message: "Please inspect\u0000 my roof array" },
    });
    expect(contact.statusCode).toBe(400);
    expect(contact.json()).toEqual({ message: "message must not contain a NUL character", errors: { message: "message must not contain a NUL character" } });

    const register = await t.app.inject({
      method: "POST",
      url: "/api/register",
      payload: { username: "nul-user", email: "nul@example.com", firstName: "A\u0000", lastName: "B", password: "correct-horse" },
    });
    expect(register.statusCode).toBe(400);
    expect(Object.keys(register.json().errors)).toEqual(["firstName"]);

    const query = await t.app.inject({ method: "GET", url: "/api/gallery?tag=a%00b" });
    expect(query.statusCode).toBe(400);
    expect(query.json().errors).toEqual({ tag: "tag must not contain a NUL character" });

    const param = await t.app.inject({ method: "GET", url: "/api/media/%00/file", headers: { cookie: admin.cookie } });
    expect(param.statusCode).toBe(400);
    expect(Object.keys(param.json().errors)).toEqual(["id"]);

    const fields = { userId: String(alice.user.id), serviceId: String(serviceId), title: "Roof\u0000survey", description: "" };
    const { payload, headers } = await multipartBody(fields, { name: "roof.png", type: "image/png", content: sampleFiles.png });
    const uploaded = await t.app.inject({ method: "POST", url: "/api/admin/media", payload, headers: { ...headers, cookie: admin.cookie } });
    expect(uploaded.statusCode).toBe(400);
    expect(uploaded.json().errors).toEqual({ title: "title must not contain a NUL character" });
  });

  it("still answers a visitor 401 and a customer 403 before looking at the input", async () => {
    const payload = { status: "accepted\u0000" };
    expect((await t.app.inject({ method: "PATCH", url: `/api/admin/quotes/${tooLarge}`, payload })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "PATCH", url: `/api/admin/quotes/${tooLarge}`, payload, headers: { cookie: alice.cookie } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: "PATCH", url: `/api/subscriptions/${tooLarge}`, payload: { cancelAtPeriodEnd: true } })).statusCode).toBe(401);
  });

  it("leaves pages alone: they store nothing", async () => {
    const res = await t.app.inject({ method: "GET", url: "/robots.txt?x=%00" });
    expect(res.statusCode).toBe(200);
  });

  it("names nested fields by their path", () => {
    expect(inputFieldErrors({ items: [{ title: "ok" }, { title: "a\u0000" }], ownerId: 2 ** 31, id: "12" })).toEqual({
      "items.1.title": "items.1.title must not contain a NUL character",
      ownerId: `ownerId must be a whole number from 1 to ${MAX_ID}`,
    });
  });

  it("names a value or a key holding a lone UTF-16 surrogate, and lets a whole pair (an emoji) through", () => {
    expect(inputFieldErrors({ notes: ["fine 🚁", "half \ud83d"], "k\udc00": "x", title: "🚁" })).toEqual({
      "notes.1": "notes.1 must not contain a broken character (a lone UTF-16 surrogate)",
      "k\udc00": "k\udc00 must not contain a broken character (a lone UTF-16 surrogate)",
    });
  });
});
