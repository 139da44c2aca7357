import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { SearchResults } from "@common/contract/search";
import { users } from "../../db/schema";
import { invoiceFixture } from "../../testing/billing";
import { appWithUsersForTests, type TestUser } from "../../testing/factories";
import { deliveredJobIn } from "../../testing/jobs";
import type { TestApp } from "../../testing/test-app";

describe("GET /api/admin/search: the back office's search box", () => {
  let t: TestApp, customer: TestUser, otherCustomer: TestUser, pilot: TestUser, admin: TestUser;
  let jobId = 0;
  let invoiceNumber = "";
  appWithUsersForTests(["customer", "customer", "pilot", "admin"], async (made) => {
    t = made.t;
    [customer, otherCustomer, pilot, admin] = made.users;
    await t.database.db.update(users).set({ firstName: "Zoë", lastName: "Ångström", company: "Pecan Creek Solar LLC" }).where(eq(users.id, customer.user.id));
    ({ jobId } = await deliveredJobIn("solar", t, admin, pilot, customer));
    ({ number: invoiceNumber } = await invoiceFixture(t.database.db, { jobId, total: 123_456 }));
  });

  const search = (q: string, user?: TestUser) =>
    t.app.inject({ method: "GET", url: `/api/admin/search?q=${encodeURIComponent(q)}`, headers: user ? { cookie: user.cookie } : {} });
  const found = async (q: string): Promise<SearchResults> => {
    const res = await search(q, admin);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  it("answers an admin only: 401 for a visitor, 403 for a customer, another customer and a pilot", async () => {
    expect((await search("Pecan")).statusCode).toBe(401);
    for (const user of [customer, otherCustomer, pilot]) expect((await search("Pecan", user)).statusCode).toBe(403);
    expect((await search("Pecan", admin)).statusCode).toBe(200);
  });

  it("finds the customer by company, their job by the customer's name, and the invoice by its number, each opening its page", async () => {
    const byCompany = await found("pecan creek");
    expect(byCompany.customers).toEqual([
      {
        id: customer.user.id,
        title: "Zoë Ångström",
        detail: expect.stringContaining("Pecan Creek Solar LLC"),
        href: `/admin-dashboard/customers/${customer.user.id}`,
      },
    ]);
    const byName = await found("Ångström");
    expect(byName.jobs.map((job) => job.href)).toEqual([`/admin-dashboard/jobs/${jobId}`]);
    expect(byName.invoices.map((invoice) => invoice.title)).toEqual([`Invoice ${invoiceNumber}`]);
    const byNumber = await found(invoiceNumber);
    expect(byNumber.invoices).toEqual([
      { id: expect.any(Number), title: `Invoice ${invoiceNumber}`, detail: expect.stringContaining("$1,234.56"), href: `/admin-dashboard/jobs/${jobId}` },
    ]);
    expect(byNumber.customers).toEqual([]);
  });

  it("takes what is typed as words, not patterns, and finds nothing for them", async () => {
    expect(await found("%_%")).toEqual({ jobs: [], customers: [], invoices: [] });
  });

  it("refuses fewer than 2 characters, naming the field", async () => {
    const res = await search("a", admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ q: "Type at least 2 characters to search" });
  });
});
