import type { HTTPMethods } from "fastify";
import sharp from "sharp";
import { DEFAULT_HOME } from "@common/site-page-defaults";
import { describe, expect, it } from "vitest";
import { appWithUsersForTests, type TestUser } from "../../testing/factories";
import { registeredRoutes } from "../../testing/registered-routes";
import { logoForm } from "../../testing/settings";
import type { TestApp } from "../../testing/test-app";

/** Every admin call of docs/product.md §7 and docs/architecture.md §3, with a body that would be valid for an admin. */
const ADMIN_CALLS = [
  { method: "GET", url: "/api/contact" },
  { method: "GET", url: "/api/services" },
  { method: "GET", url: "/api/admin/users" },
  { method: "GET", url: "/api/admin/reports" },
  { method: "GET", url: "/api/admin/media?limit=25" },
  { method: "DELETE", url: "/api/admin/media/999999" },
  { method: "PATCH", url: "/api/admin/media/999999/gallery", payload: { isGalleryItem: true } },
  { method: "PATCH", url: "/api/admin/media/999999/gallery-status", payload: { isGalleryItem: false } },
  { method: "GET", url: "/api/admin/quotes" },
  { method: "PATCH", url: "/api/admin/quotes/999999", payload: { status: "accepted" } },
  { method: "GET", url: "/api/admin/payments" },
  { method: "GET", url: "/api/admin/overview" },
  { method: "GET", url: "/api/admin/search?q=pecan" },
  { method: "DELETE", url: "/api/admin/map-layers/999999" },
  { method: "DELETE", url: "/api/admin/jobs/999999/site-layout" },
  { method: "GET", url: "/api/admin/price-list" },
  { method: "PATCH", url: "/api/admin/price-list/999999", payload: { unitPrice: 100 } },
  { method: "DELETE", url: "/api/admin/price-list/999999" },
  { method: "GET", url: "/api/admin/invitations" },
  { method: "POST", url: "/api/admin/invitations", payload: { email: "matrix.invite@example.com", role: "pilot" } },
  { method: "DELETE", url: "/api/admin/invitations/999999" },
  { method: "POST", url: "/api/admin/customers", payload: { email: "matrix.customer@example.com", firstName: "Matrix", lastName: "Customer" } },
  { method: "PATCH", url: "/api/admin/users/999999", payload: { active: false } },
  { method: "GET", url: "/api/admin/settings" },
  { method: "PATCH", url: "/api/admin/settings", payload: { taxLabel: "Sales tax" } },
  { method: "POST", url: "/api/admin/settings/logo", multipart: true },
  // No mail server is set in this app: the admin reaches the call, which says so.
  { method: "POST", url: "/api/admin/settings/test-mail", payload: { to: "matrix.owner@example.com" }, adminStatus: 409 },
  {
    method: "POST",
    url: "/api/admin/invoices",
    payload: {
      jobId: 999999,
      extraLines: [{ description: "Re-flight", quantity: 1, unitPrice: 100 }],
      adjustments: [{ description: "Goodwill", amount: -50 }],
    },
  },
  { method: "GET", url: "/api/admin/invoices/999999" },
  { method: "POST", url: "/api/admin/invoices/999999/credit-notes", payload: { reason: "Goodwill", amount: 100 } },
  { method: "GET", url: "/api/metrics" },
  { method: "GET", url: "/api/admin/pages" },
  { method: "POST", url: "/api/admin/pages", payload: { slug: "matrix-services", navLabel: "MATRIX" } },
  { method: "GET", url: "/api/admin/pages/home" },
  { method: "PUT", url: "/api/admin/pages/home/draft", payload: { revision: 0, document: DEFAULT_HOME } },
  // The draft above is SPEC's home page as it is published: nothing to publish.
  { method: "POST", url: "/api/admin/pages/home/publish", payload: {}, adminStatus: 409 },
  { method: "GET", url: "/api/admin/pages/home/versions" },
  { method: "POST", url: "/api/admin/pages/home/restore", payload: { version: 999999 } },
  { method: "POST", url: "/api/admin/pages/home/preview-link" },
] as const;

/** Admin-only routes whose address does not start with /api/admin. */
const ADMIN_ELSEWHERE = ["GET /api/contact", "GET /api/services", "GET /api/metrics", "POST /api/upload-media"];

describe("authorization matrix of the admin calls", () => {
  let t: TestApp, customer: TestUser, admin: TestUser;
  appWithUsersForTests(["customer", "admin"], (made) => {
    t = made.t;
    [customer, admin] = made.users;
  });

  const call = async (c: (typeof ADMIN_CALLS)[number], cookie?: string) => {
    const form =
      "multipart" in c
        ? await logoForm(
            await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
              .png()
              .toBuffer(),
          )
        : undefined;
    return t.app.inject({
      method: c.method,
      url: c.url,
      ...("payload" in c ? { payload: c.payload } : {}),
      ...(form ? { payload: form.payload } : {}),
      headers: { ...form?.headers, ...(cookie ? { cookie } : {}) },
    });
  };

  it.each(ADMIN_CALLS)("$method $url: 401 visitor, 403 customer, admin gets through", async (c) => {
    expect((await call(c)).statusCode).toBe(401);
    expect((await call(c, customer.cookie)).statusCode).toBe(403);
    const asAdmin = await call(c, admin.cookie);
    if ("adminStatus" in c) expect(asAdmin.statusCode).toBe(c.adminStatus);
    else expect([200, 201, 404]).toContain(asAdmin.statusCode);
  });

  it("guards every registered admin route, today's and any added later: 401 visitor, 403 customer", async () => {
    const guarded = registeredRoutes(t.app)
      .map(([method, path]) => `${method} ${path}`)
      .filter((route) => route.split(" ")[1]!.startsWith("/api/admin/") || ADMIN_ELSEWHERE.includes(route));
    expect(guarded).toEqual(expect.arrayContaining([...ADMIN_ELSEWHERE, "GET /api/admin/users", "PATCH /api/admin/quotes/:id"]));
    for (const route of guarded) {
      const [method, pattern] = route.split(" ") as [HTTPMethods, string];
      const url = pattern.replaceAll(/:\w+/g, "999999");
      const visitor = await t.app.inject({ method, url });
      const asCustomer = await t.app.inject({ method, url, headers: { cookie: customer.cookie } });
      expect({ route, visitor: visitor.statusCode, customer: asCustomer.statusCode }).toEqual({ route, visitor: 401, customer: 403 });
    }
  });

  it("refuses a visitor or customer before reading the body, so a bad body tells them nothing", async () => {
    const bad = { method: "PATCH", url: "/api/admin/quotes/not-a-number", payload: { status: "nonsense" } } as const;
    expect((await t.app.inject(bad)).statusCode).toBe(401);
    expect((await t.app.inject({ ...bad, headers: { cookie: customer.cookie } })).statusCode).toBe(403);
    expect((await t.app.inject({ ...bad, headers: { cookie: admin.cookie } })).statusCode).toBe(400);
  });
});
