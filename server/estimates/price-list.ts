import { and, asc, eq, inArray, isNull, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { PriceListItemRemoved, priceListItemSchema } from "@common/contract/price-list";
import { type newPriceListItemSchema, type priceListItemChangeSchema, priceListMessages } from "@common/price-list";
import type { Database } from "../db/client";
import { estimateLines, priceListItems } from "../db/schema";
import { containsText } from "../db/search";
import { DomainError } from "../domain-errors";
import type { Actor } from "../jobs/read-jobs";
import type { Transaction } from "../jobs/move-job";

// The business's price list (docs/decisions/0056-price-list.md): kept by admins, offered in the estimate builder.

type PriceListItemView = z.output<typeof priceListItemSchema>;

const columns = {
  id: priceListItems.id,
  description: priceListItems.description,
  unit: priceListItems.unit,
  unitPrice: priceListItems.unitPrice,
  taxExempt: priceListItems.taxExempt,
  archivedAt: priceListItems.archivedAt,
  createdAt: priceListItems.createdAt,
  updatedAt: priceListItems.updatedAt,
};

const notFound = () => new DomainError("not-found", priceListMessages.notFound);

/** GET /api/admin/price-list: the items offered (archived ones too when asked), by description, those whose description or unit holds `q`. */
export function listPriceList(db: Database, { archived, q }: { archived: boolean; q: string }): Promise<PriceListItemView[]> {
  const filters: (SQL | undefined)[] = [
    archived ? undefined : isNull(priceListItems.archivedAt),
    q ? containsText(q, [priceListItems.description, priceListItems.unit]) : undefined,
  ];
  return db
    .select(columns)
    .from(priceListItems)
    .where(and(...filters))
    .orderBy(asc(priceListItems.description), asc(priceListItems.id));
}

/** POST /api/admin/price-list: the new item, offered at once. */
export async function addPriceListItem(db: Database, actor: Actor, input: z.output<typeof newPriceListItemSchema>): Promise<PriceListItemView> {
  const [item] = await db
    .insert(priceListItems)
    .values({ ...input, createdBy: actor.id })
    .returning(columns);
  if (!item) throw new Error("insert returned no price list item");
  return item;
}

/** PATCH /api/admin/price-list/{id}: the fields given; `archived` stops or restarts offering it. Lines already made from it keep their own. */
export async function changePriceListItem(
  db: Database,
  id: number,
  { archived, ...fields }: z.output<typeof priceListItemChangeSchema>,
): Promise<PriceListItemView> {
  const [item] = await db
    .update(priceListItems)
    .set({ ...fields, ...(archived === undefined ? {} : { archivedAt: archived ? new Date() : null }) })
    .where(eq(priceListItems.id, id))
    .returning(columns);
  if (!item) throw notFound();
  return item;
}

/**
 * DELETE /api/admin/price-list/{id}: removes an item no estimate line refers to; archives one that a
 * line does, since the foreign key would otherwise quietly forget where that line came from. The row
 * is locked first, so an estimate sent meanwhile (which locks the items it names) cannot slip a
 * reference in between the question and the delete.
 */
export function removePriceListItem(db: Database, id: number): Promise<PriceListItemRemoved["data"]> {
  return db.transaction(async (tx) => {
    const [item] = await tx.select({ id: priceListItems.id }).from(priceListItems).where(eq(priceListItems.id, id)).for("update");
    if (!item) throw notFound();
    const [referred] = await tx.select({ id: estimateLines.id }).from(estimateLines).where(eq(estimateLines.priceListItemId, id)).limit(1);
    if (!referred) {
      await tx.delete(priceListItems).where(eq(priceListItems.id, id));
      return { id, outcome: "deleted" as const };
    }
    await tx
      .update(priceListItems)
      .set({ archivedAt: new Date() })
      .where(and(eq(priceListItems.id, id), isNull(priceListItems.archivedAt)));
    return { id, outcome: "archived" as const };
  });
}

/**
 * The price list items an estimate's lines name, each locked against deletion until the estimate is
 * stored. An archived item still counts (a revision keeps its lines' items); an unknown one is refused
 * under its line's field (`lines.2.priceListItemId`).
 */
export async function holdPriceListItems(tx: Transaction, lines: readonly { priceListItemId?: number | null | undefined }[]): Promise<void> {
  const named = [...new Set(lines.flatMap((line) => (line.priceListItemId ? [line.priceListItemId] : [])))];
  if (named.length === 0) return;
  const found = await tx.select({ id: priceListItems.id }).from(priceListItems).where(inArray(priceListItems.id, named)).for("key share");
  const known = new Set(found.map((item) => item.id));
  const errors: Record<string, string> = {};
  lines.forEach((line, index) => {
    if (line.priceListItemId && !known.has(line.priceListItemId)) errors[`lines.${index}.priceListItemId`] = priceListMessages.notFound;
  });
  const [first] = Object.values(errors);
  if (first) throw new DomainError("invalid", first, errors);
}
