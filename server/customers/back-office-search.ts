import { and, desc, eq, or, sql } from "drizzle-orm";
import type { SearchResults } from "@common/contract/search";
import { formatMoney } from "@common/money";
import { personName } from "@common/person-name";
import type { Database } from "../db/client";
import { invoices, jobs, users } from "../db/schema";
import { containsText } from "../db/search";

/** How many of each kind the search box lists: enough to pick from, few enough to scan. */
const EACH = 6;

/**
 * The back office's search across jobs (title, site, customer), customers (name, e-mail, company,
 * phone) and invoices (number, customer), newest first, each with the page it opens: an invoice opens
 * its job, where its figures, payments and PDF are.
 */
export async function searchBackOffice(db: Database, q: string): Promise<SearchResults> {
  const fullName = sql`${users.firstName} || ' ' || ${users.lastName}`;
  const [jobRows, customerRows, invoiceRows] = await Promise.all([
    db
      .select({
        id: jobs.id,
        title: jobs.title,
        siteName: jobs.siteName,
        siteAddress: jobs.siteAddress,
        customer: { firstName: users.firstName, lastName: users.lastName, username: users.username },
      })
      .from(jobs)
      .innerJoin(users, eq(users.id, jobs.userId))
      .where(containsText(q, [jobs.title, jobs.siteName, jobs.siteAddress, users.firstName, users.lastName, fullName, users.company]))
      .orderBy(desc(jobs.id))
      .limit(EACH),
    db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, username: users.username, email: users.email, company: users.company })
      .from(users)
      // Pilots are found by name too, so an admin can open a pilot's page.
      .where(
        and(
          or(eq(users.role, "customer"), eq(users.role, "pilot")),
          containsText(q, [users.username, users.email, users.firstName, users.lastName, fullName, users.company, users.phone]),
        ),
      )
      .orderBy(desc(users.id))
      .limit(EACH),
    db
      .select({
        id: invoices.id,
        number: invoices.number,
        jobId: invoices.jobId,
        total: invoices.total,
        currency: invoices.currency,
        status: invoices.status,
        jobTitle: jobs.title,
        customer: { firstName: users.firstName, lastName: users.lastName, username: users.username },
      })
      .from(invoices)
      .innerJoin(jobs, eq(jobs.id, invoices.jobId))
      .innerJoin(users, eq(users.id, jobs.userId))
      .where(containsText(q, [invoices.number, users.firstName, users.lastName, fullName, users.company]))
      .orderBy(desc(invoices.id))
      .limit(EACH),
  ]);
  return {
    jobs: jobRows.map((job) => ({
      id: job.id,
      title: job.title,
      detail: [job.siteName || job.siteAddress, personName(job.customer)].filter(Boolean).join(" · "),
      href: `/admin-dashboard/jobs/${job.id}`,
    })),
    customers: customerRows.map((person) => ({
      id: person.id,
      title: personName(person),
      detail: [person.email, person.company].filter(Boolean).join(" · "),
      href: `/admin-dashboard/customers/${person.id}`,
    })),
    invoices: invoiceRows.map((invoice) => ({
      id: invoice.id,
      title: `Invoice ${invoice.number}`,
      detail: [personName(invoice.customer), invoice.jobTitle, formatMoney(invoice.total, invoice.currency.toUpperCase()), invoice.status].join(" · "),
      href: `/admin-dashboard/jobs/${invoice.jobId}`,
    })),
  };
}
