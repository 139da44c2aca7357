import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { MAX_TOTAL_CENTS } from "../../../common/money";
import { createdBy } from "./accounts";
import { cents, createdAt, id, updatedAt } from "./columns";

// The business's price list, offered in the estimate builder (docs/decisions/0056-price-list.md).

/**
 * An item the admin adds to an estimate as a line: its description, unit and price in cents are
 * copied into the line, so changing the item never changes an estimate. An item a line refers to is
 * archived (no longer offered) rather than deleted.
 */
export const priceListItems = pgTable(
  "price_list_items",
  {
    id: id(),
    description: text("description").notNull(),
    unit: text("unit").notNull().default(""),
    unitPrice: cents("unit_price"),
    /** Recorded for the item; an estimate's tax is reckoned on its whole subtotal (common/money.ts). */
    taxExempt: boolean("tax_exempt").notNull().default(false),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("price_list_items_description_idx").on(table.description),
    check("price_list_items_description_check", sql`length(btrim(${table.description})) > 0`),
    check("price_list_items_unit_price_check", sql`${table.unitPrice} between 0 and ${sql.raw(String(MAX_TOTAL_CENTS))}`),
  ],
);
