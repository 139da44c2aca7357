import { type Column, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { containsText } from "../db/search";
import { type media, type reports, users } from "../db/schema";
import { DomainError } from "../domain-errors";

/** The owner's columns the back office's lists name them by (a name, not "User #2"). */
const ownerColumns = { username: users.username, firstName: users.firstName, lastName: users.lastName };

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
const rowCount = sql<number>`count(*)::int`;

/** The owner of a report or media item as the back office names them; `notFound` when the account is gone. */
export async function ownerOf(db: Database, userId: number, notFound: string) {
  const [owner] = await db.select(ownerColumns).from(users).where(eq(users.id, userId));
  if (!owner) throw new DomainError("not-found", notFound);
  return owner;
}

/**
 * The rows of `table` that `where` matches, each with its owner, newest first: `window` of them or
 * all, and how many match (the back office's Reports and Media lists and their pagers).
 */
export function deliverablesPage<Table extends typeof reports | typeof media>(db: Database, table: Table, where: SQL | undefined) {
  return {
    // Drizzle's from() is typed for one table; reports and media share every column read here.
    rows: async (window: { limit: number; offset: number } | null) => {
      const query = db
        .select({ row: table, owner: ownerColumns })
        .from(table as typeof reports)
        .innerJoin(users, eq(users.id, table.userId))
        .where(where)
        .orderBy(desc(table.createdAt), desc(table.id));
      return (window ? await query.limit(window.limit).offset(window.offset) : await query) as {
        row: Table["$inferSelect"];
        owner: Awaited<ReturnType<typeof ownerOf>>;
      }[];
    },
    total: async () =>
      (
        await db
          .select({ total: rowCount })
          .from(table as typeof reports)
          .innerJoin(users, eq(users.id, table.userId))
          .where(where)
      )[0]?.total ?? 0,
  };
}
