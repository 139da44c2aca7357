import { sql } from "drizzle-orm";
import { type AnyPgColumn, check, integer, serial, text, timestamp } from "drizzle-orm/pg-core";

// The column helpers every table uses: ids, times, money in cents, the lines estimates and invoices share.

/** The database's own check that `column` holds one of the values its type lists (the same list, from common/). */
export const oneOf = (column: AnyPgColumn, values: readonly string[]) => sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(", "))})`;

export const id = () => serial("id").primaryKey();

export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** A money column in integer cents (docs/decisions/0023-money-rounding.md); each table's checks say how low it may go. */
export const cents = (name: string) => integer(name).notNull();

export const notNegative = (column: AnyPgColumn) => sql`${column} >= 0`;

/**
 * The line columns estimates and invoices share: quantity in thousandths (2.5 acres is 2500), the
 * unit it counts ("acre", "hour"), the unit price in cents and the line's amount in cents as
 * computed by the server when it was issued.
 */
export const lineColumns = () => ({
  id: id(),
  position: integer("position").notNull(),
  description: text("description").notNull(),
  quantity: integer("quantity").notNull(),
  unit: text("unit").notNull().default(""),
  unitPrice: cents("unit_price"),
  amount: cents("amount"),
});

export const lineChecks = (name: string, table: { position: AnyPgColumn; quantity: AnyPgColumn; unitPrice: AnyPgColumn; amount: AnyPgColumn }) => [
  check(`${name}_position_check`, sql`${table.position} >= 1`),
  check(`${name}_quantity_check`, sql`${table.quantity} > 0`),
  check(`${name}_unit_price_check`, notNegative(table.unitPrice)),
  check(`${name}_amount_check`, notNegative(table.amount)),
];
