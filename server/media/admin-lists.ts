import { type Column, type SQL, sql } from "drizzle-orm";
import { containsText } from "../db/search";
import { type media, type reports, users } from "../db/schema";

/** The owner's columns the back office's lists name them by (a name, not "User #2"). */
export const ownerColumns = { username: users.username, firstName: users.firstName, lastName: users.lastName };

/** Reports or media (joined with their owner) whose title, description or owner's name contains `q`, whatever its case. */
export function deliverableMatching(table: typeof reports | typeof media, q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const columns: (Column | SQL)[] = [
    table.title,
    table.description,
    users.username,
    users.firstName,
    users.lastName,
    sql`${users.firstName} || ' ' || ${users.lastName}`,
  ];
  return containsText(q, columns);
}

/** The number of rows of a count(*) query, as a JavaScript number. */
export const rowCount = sql<number>`count(*)::int`;
