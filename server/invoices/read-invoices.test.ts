import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { invoices } from "../db/schema";
import { appWithUsersForTests, type TestUser } from "../testing/factories";
import { acceptedEstimate } from "../testing/billing";
import type { TestApp } from "../testing/test-app";
import { invoiceDays, issueInvoice } from "./issue-invoice";
import { isOverdue, readInvoice } from "./read-invoices";

describe("an invoice's days and its overdue flag, in the business's time zone", () => {
  let t: TestApp, admin: TestUser, customer: TestUser;
  appWithUsersForTests(["admin", "customer"], (made) => {
    t = made.t;
    [admin, customer] = made.users;
  });

  it("issues on the business's day: 02:00 UTC on 1 March is still 28 February in Chicago", () => {
    const at = new Date("2026-03-01T02:00:00Z");
    expect(invoiceDays("UTC", undefined, at)).toEqual({ issueDate: "2026-03-01", dueDate: "2026-03-15" });
    expect(invoiceDays("America/Chicago", undefined, at)).toEqual({ issueDate: "2026-02-28", dueDate: "2026-03-14" });
    expect(invoiceDays("America/Chicago", "2026-02-28", at).dueDate).toBe("2026-02-28");
    expect(() => invoiceDays("UTC", "2026-02-28", at)).toThrow(expect.objectContaining({ kind: "invalid", errors: { dueDate: expect.any(String) } }));
  });

  it("is overdue from the midnight ending its due day where the business is, only while money is due", async () => {
    const { jobId } = await acceptedEstimate(t.database.db, { userId: customer.user.id });
    const id = await issueInvoice(t.database.db, "America/Chicago", { jobId, dueDate: "2026-03-24" }, admin.user.id, new Date("2026-03-10T18:00:00Z"));
    // 03:00 UTC on the 25th is 22:00 on the 24th in Chicago (CDT, UTC−5): due today, not yet overdue.
    const evening = new Date("2026-03-25T03:00:00Z");
    expect((await readInvoice(t.database.db, "America/Chicago", id, undefined, evening))!.overdue).toBe(false);
    expect((await readInvoice(t.database.db, "UTC", id, undefined, evening))!.overdue).toBe(true);
    expect((await readInvoice(t.database.db, "America/Chicago", id, undefined, new Date("2026-03-25T05:00:00Z")))!.overdue).toBe(true);

    await t.database.db.update(invoices).set({ status: "paid" }).where(eq(invoices.id, id));
    expect((await readInvoice(t.database.db, "UTC", id, undefined, evening))!.overdue).toBe(false);
    expect(isOverdue({ status: "open", dueDate: "2026-03-24" }, 0, "2026-04-01")).toBe(false);
  });

  it("reads another customer's invoice as missing when narrowed to a customer", async () => {
    const { jobId } = await acceptedEstimate(t.database.db, { userId: customer.user.id });
    const id = await issueInvoice(t.database.db, "UTC", { jobId }, admin.user.id);
    expect(await readInvoice(t.database.db, "UTC", id, admin.user.id)).toBeNull();
    expect((await readInvoice(t.database.db, "UTC", id, customer.user.id))!.id).toBe(id);
  });
});
