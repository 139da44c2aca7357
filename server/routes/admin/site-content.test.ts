import { describe, expect, it } from "vitest";
import type { Testimonial } from "@common/contract/site-content";
import { appWithUsersForTests, type TestUser } from "../../testing/factories";
import type { TestApp } from "../../testing/test-app";

let t: TestApp, admin: TestUser, customer: TestUser, pilot: TestUser;
appWithUsersForTests(["admin", "customer", "pilot"], (made) => {
  t = made.t;
  [admin, customer, pilot] = made.users;
});

type Call = { method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE"; url: string; payload?: object };
const call = ({ method, url, payload }: Call, user?: TestUser) =>
  t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: user ? { cookie: user.cookie } : {} });

const addTestimonial = async (body: object): Promise<Testimonial> => {
  const res = await call({ method: "POST", url: "/api/admin/testimonials", payload: body }, admin);
  expect(res.statusCode).toBe(201);
  return res.json().data;
};
const publicQuotes = async (): Promise<string[]> =>
  (await call({ method: "GET", url: "/api/testimonials" })).json().data.map((row: { quote: string }) => row.quote);

describe("who may call the site content endpoints", () => {
  const ADMIN_CALLS: Call[] = [
    { method: "GET", url: "/api/admin/testimonials" },
    { method: "POST", url: "/api/admin/testimonials", payload: { quote: "Great flights", author: "Ann", published: false } },
    { method: "PATCH", url: "/api/admin/testimonials/999999", payload: { published: false } },
    { method: "POST", url: "/api/admin/testimonials/999999/move", payload: { direction: "up" } },
    { method: "DELETE", url: "/api/admin/testimonials/999999" },
    { method: "GET", url: "/api/admin/social-links" },
    { method: "PUT", url: "/api/admin/social-links", payload: { linkedin: "https://www.linkedin.com/company/skyvantage" } },
  ];

  it.each(ADMIN_CALLS)("$method $url: 401 visitor, 403 customer and pilot, an admin gets through", async (c) => {
    expect((await call(c)).statusCode).toBe(401);
    expect((await call(c, customer)).statusCode).toBe(403);
    expect((await call(c, pilot)).statusCode).toBe(403);
    expect([200, 201, 404]).toContain((await call(c, admin)).statusCode);
  });

  it("lets anyone read the published testimonials and the social links", async () => {
    for (const user of [undefined, customer, pilot, admin]) {
      expect((await call({ method: "GET", url: "/api/testimonials" }, user)).statusCode).toBe(200);
      expect((await call({ method: "GET", url: "/api/social-links" }, user)).statusCode).toBe(200);
    }
  });
});

describe("testimonials", () => {
  it("shows the public only the published ones, in the order the back office sets", async () => {
    const first = await addTestimonial({ quote: "They found 40 hotspots in a morning.", author: "Dana Ruiz", role: "O&M lead, Sunfield Solar" });
    const second = await addTestimonial({ quote: "The NDVI maps paid for themselves.", author: "Sam Okafor" });
    await addTestimonial({ quote: "Draft, not agreed yet.", author: "Lee Park", published: false });
    expect(await publicQuotes()).toEqual([first.quote, second.quote]);

    const moved = await call({ method: "POST", url: `/api/admin/testimonials/${second.id}/move`, payload: { direction: "up" } }, admin);
    expect(moved.statusCode).toBe(200);
    const order = (moved.json().data as Testimonial[]).map((row) => [row.id, row.position]);
    expect(order.map(([, position]) => position)).toEqual(order.map((_, index) => index));
    expect(order.findIndex(([rowId]) => rowId === second.id)).toBe(order.findIndex(([rowId]) => rowId === first.id) - 1);
    expect(await publicQuotes()).toEqual([second.quote, first.quote]);

    const hidden = await call({ method: "PATCH", url: `/api/admin/testimonials/${second.id}`, payload: { published: false } }, admin);
    expect(hidden.json()).toMatchObject({ message: "Testimonial unpublished", data: { published: false, quote: second.quote, author: "Sam Okafor" } });
    expect(await publicQuotes()).toEqual([first.quote]);
  });

  it("keeps the first one first when asked to move it up", async () => {
    const list = (await call({ method: "GET", url: "/api/admin/testimonials" }, admin)).json().data as Testimonial[];
    const top = list[0]!;
    const res = await call({ method: "POST", url: `/api/admin/testimonials/${top.id}/move`, payload: { direction: "up" } }, admin);
    expect(res.json().data.map((row: Testimonial) => row.id)).toEqual(list.map((row) => row.id));
  });

  it("refuses an empty quote or author with a message under each field, and stores nothing", async () => {
    const before = (await call({ method: "GET", url: "/api/admin/testimonials" }, admin)).json().data.length;
    const res = await call({ method: "POST", url: "/api/admin/testimonials", payload: { quote: "   ", author: "" } }, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ quote: "Write what the customer said", author: "Name who said it" });
    expect((await call({ method: "GET", url: "/api/admin/testimonials" }, admin)).json().data).toHaveLength(before);
  });

  it("edits a testimonial's words, and deletes it", async () => {
    const row = await addTestimonial({ quote: "Fast and careful.", author: "Kim" });
    const edited = await call(
      { method: "PATCH", url: `/api/admin/testimonials/${row.id}`, payload: { quote: "Fast, careful and friendly.", role: "Farm manager" } },
      admin,
    );
    expect(edited.json()).toMatchObject({
      message: "Testimonial saved",
      data: { quote: "Fast, careful and friendly.", role: "Farm manager", published: true },
    });
    expect((await call({ method: "DELETE", url: `/api/admin/testimonials/${row.id}` }, admin)).statusCode).toBe(200);
    expect(await publicQuotes()).not.toContain("Fast, careful and friendly.");
    expect((await call({ method: "DELETE", url: `/api/admin/testimonials/${row.id}` }, admin)).json()).toEqual({ message: "Testimonial not found" });
  });
});

describe("social links", () => {
  it("stores a profile address per network, and an empty one removes it", async () => {
    const linkedin = "https://www.linkedin.com/company/skyvantage";
    const saved = await call({ method: "PUT", url: "/api/admin/social-links", payload: { linkedin, facebook: "http://facebook.com/skyvantage" } }, admin);
    expect(saved.json()).toMatchObject({ message: "Social links saved" });
    expect((await call({ method: "GET", url: "/api/social-links" })).json().data).toEqual([
      { network: "facebook", url: "http://facebook.com/skyvantage" },
      { network: "linkedin", url: linkedin },
    ]);
    await call({ method: "PUT", url: "/api/admin/social-links", payload: { linkedin, facebook: "" } }, admin);
    expect((await call({ method: "GET", url: "/api/social-links" })).json().data).toEqual([{ network: "linkedin", url: linkedin }]);
  });

  it.each(["javascript:alert(1)", "data:text/html,hi", "ftp://example.com/x", "www.linkedin.com/company/x", "not a link"])(
    "refuses %s with a field error, and keeps what was stored",
    async (url) => {
      const before = (await call({ method: "GET", url: "/api/social-links" })).json().data;
      const res = await call({ method: "PUT", url: "/api/admin/social-links", payload: { linkedin: url } }, admin);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ linkedin: "Enter a web address starting with https:// or http://" });
      expect((await call({ method: "GET", url: "/api/social-links" })).json().data).toEqual(before);
    },
  );

  it("asks browsers to check again on each load, so a change shows without waiting", async () => {
    expect((await call({ method: "GET", url: "/api/social-links" })).headers["cache-control"]).toBe("no-cache");
    expect((await call({ method: "GET", url: "/api/testimonials" })).headers["cache-control"]).toBe("no-cache");
  });
});
