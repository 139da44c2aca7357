import { describe, expect, it } from "vitest";
import type { Invoice } from "@common/contract/invoices";
import { invoiceMessages } from "@common/invoices";
import { textOf } from "../pdf/testing/poppler";
import { appWithUsersForTests, registerUser, type TestUser } from "../testing/factories";
import { acceptedEstimate, SAMPLE_INVOICE_TOTALS_TEXT } from "../testing/billing";
import type { TestApp } from "../testing/test-app";

describe("GET /api/invoices, /api/invoices/:id and /api/invoices/:id/pdf", () => {
  let t: TestApp, admin: TestUser, customer: TestUser, pilot: TestUser, other: TestUser;
  /** Two invoices of the customer's, the second issued last, and one of another customer's. */
  let first: Invoice, second: Invoice, others: Invoice;
  appWithUsersForTests(["admin", "customer", "pilot"], async (made) => {
    t = made.t;
    [admin, customer, pilot] = made.users;
    other = await registerUser(t);
    const issue = async (userId: number) => {
      const { jobId } = await acceptedEstimate(t.database.db, { userId });
      const res = await t.app.inject({ method: "POST", url: "/api/admin/invoices", headers: { cookie: admin.cookie }, payload: { jobId } });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data as Invoice;
    };
    first = await issue(customer.user.id);
    second = await issue(customer.user.id);
    others = await issue(other.user.id);
  });

  const get = (url: string, user?: TestUser) => t.app.inject({ method: "GET", url, headers: user ? { cookie: user.cookie } : {} });
  const ids = async (url: string, user: TestUser) => {
    const res = await get(url, user);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as Invoice[]).map((invoice) => invoice.id);
  };

  it("lists a customer's own invoices, newest first, and an admin's every invoice, each narrowed to one job when asked", async () => {
    expect(await ids("/api/invoices", customer)).toEqual([second.id, first.id]);
    expect(await ids("/api/invoices", other)).toEqual([others.id]);
    expect(await ids("/api/invoices", pilot)).toEqual([]);
    expect(await ids("/api/invoices", admin)).toEqual([others.id, second.id, first.id]);
    expect(await ids(`/api/invoices?jobId=${first.jobId}`, customer)).toEqual([first.id]);
    expect(await ids(`/api/invoices?jobId=${first.jobId}`, admin)).toEqual([first.id]);
    expect(await ids(`/api/invoices?jobId=${others.jobId}`, customer)).toEqual([]);
    const bad = await get("/api/invoices?jobId=abc", customer);
    expect([bad.statusCode, Object.keys(bad.json().errors)]).toEqual([400, ["jobId"]]);
  });

  it("shows one invoice to its customer and the admins; another customer and a pilot get 404, a visitor 401", async () => {
    for (const user of [customer, admin]) {
      const res = await get(`/api/invoices/${first.id}`, user);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ id: first.id, number: first.number, total: 227_325, paid: 68_198, balance: 159_127 });
    }
    for (const user of [other, pilot]) {
      const res = await get(`/api/invoices/${first.id}`, user);
      expect([res.statusCode, res.json().message]).toEqual([404, invoiceMessages.notFound]);
    }
    expect((await get(`/api/invoices/${first.id}`)).statusCode).toBe(401);
    expect((await get("/api/invoices")).statusCode).toBe(401);
  });

  it("downloads the PDF as invoice-<number>.pdf, whose text carries the number, lines, total, paid and balance", async () => {
    for (const user of [customer, admin]) {
      const res = await get(`/api/invoices/${first.id}/pdf`, user);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("application/pdf");
      expect(res.headers["content-disposition"]).toBe(`attachment; filename="invoice-${first.number}.pdf"`);
      const text = await textOf(res.rawPayload);
      for (const expected of [
        `Invoice ${first.number}`,
        "Test Pilot",
        "Solar array thermal inspection",
        "Pecan Creek Solar Farm, Bastrop County, TX",
        "Thermal inspection 40 acre $45.00 $1,800.00",
        "Orthomosaic map 1 $350.00 $350.00",
        ...SAMPLE_INVOICE_TOTALS_TEXT,
        "$681.98",
      ]) {
        expect(text).toContain(expected);
      }
      // The option the customer did not tick is not billed.
      expect(text).not.toContain("Rush delivery");
    }
  });

  it("keeps the PDF from another customer and a pilot (404) and a visitor (401)", async () => {
    expect((await get(`/api/invoices/${first.id}/pdf`, other)).statusCode).toBe(404);
    expect((await get(`/api/invoices/${first.id}/pdf`, pilot)).statusCode).toBe(404);
    expect((await get(`/api/invoices/${first.id}/pdf`)).statusCode).toBe(401);
    expect((await get("/api/invoices/2000000/pdf", admin)).statusCode).toBe(404);
  });
});
