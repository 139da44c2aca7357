import { and, asc, eq, gte, isNull, or, sql } from "drizzle-orm";
import { badgeExpired, badgeMessages } from "@common/site-badges";
import type { BadgeKind } from "@common/site-badges";
import type { Database } from "../db/client";
import { siteBadges } from "../db/schema";
import { DomainError } from "../domain-errors";

type BadgeRow = typeof siteBadges.$inferSelect;
type BadgeFields = Pick<BadgeRow, "title" | "issuer" | "reference" | "detail" | "validUntil" | "link" | "shown"> & { kind: BadgeKind };
type BadgeChanges = Partial<BadgeFields>;

/** A badge as the public pages show it: each field by name, so a column added later never leaks. */
const publicBadge = (row: BadgeRow) => ({
  id: row.id,
  kind: row.kind as BadgeKind,
  title: row.title,
  issuer: row.issuer,
  reference: row.reference,
  detail: row.detail,
  validUntil: row.validUntil,
  link: row.link,
});

/** A badge as the back office sees it: `expired` on the business's day `today` (YYYY-MM-DD). */
const adminBadge = (row: BadgeRow, today: string) => ({
  ...publicBadge(row),
  position: row.position,
  shown: row.shown,
  expired: badgeExpired(row.validUntil, today),
  updatedAt: row.updatedAt,
});

const ORDER = [asc(siteBadges.position), asc(siteBadges.id)] as const;

/**
 * The badges the public pages show on the business's day `today`: shown, and valid through today
 * (a policy valid until the 31st shows all of the 31st where the business is).
 */
export async function currentBadges(db: Database, today: string) {
  const rows = await db
    .select()
    .from(siteBadges)
    .where(and(eq(siteBadges.shown, true), or(isNull(siteBadges.validUntil), gte(siteBadges.validUntil, today))))
    .orderBy(...ORDER);
  return rows.map(publicBadge);
}

/** Every badge, shown or not, lapsed or not, in the public pages' order. */
export async function allBadges(db: Database, today: string) {
  return (
    await db
      .select()
      .from(siteBadges)
      .orderBy(...ORDER)
  ).map((row) => adminBadge(row, today));
}

/** A new badge, last in the order. */
export async function addBadge(db: Database, input: BadgeFields, today: string) {
  const [created] = await db
    .insert(siteBadges)
    .values({ ...input, position: sql`(select coalesce(max(${siteBadges.position}), -1) + 1 from ${siteBadges})` })
    .returning();
  return adminBadge(created!, today);
}

/** Edits a badge, or shows or hides it; says whether showing was all that changed. */
export async function changeBadge(db: Database, id: number, changes: BadgeChanges, today: string) {
  // An empty change would be an UPDATE with nothing to set, which Drizzle refuses with a 500.
  if (Object.values(changes).every((value) => value === undefined))
    throw new DomainError("invalid", badgeMessages.nothingToChange, { body: badgeMessages.nothingToChange });
  const [updated] = await db.update(siteBadges).set(changes).where(eq(siteBadges.id, id)).returning();
  if (!updated) throw new DomainError("not-found", badgeMessages.notFound);
  const onlyShowing = Object.keys(changes).length === 1 && changes.shown !== undefined;
  return { badge: adminBadge(updated, today), onlyShowing };
}

/** Moves a badge one place up or down; the order is renumbered from 0. */
export async function moveBadge(db: Database, id: number, direction: "up" | "down", today: string) {
  const moved = await db.transaction(async (tx) => {
    // Locked in order, so two admins moving at once each start from the other's result.
    const rows = await tx
      .select()
      .from(siteBadges)
      .orderBy(...ORDER)
      .for("update");
    const from = rows.findIndex((row) => row.id === id);
    if (from === -1) throw new DomainError("not-found", badgeMessages.notFound);
    const to = Math.min(Math.max(from + (direction === "up" ? -1 : 1), 0), rows.length - 1);
    const [row] = rows.splice(from, 1);
    rows.splice(to, 0, row!);
    for (const [position, each] of rows.entries()) {
      if (each.position !== position) await tx.update(siteBadges).set({ position }).where(eq(siteBadges.id, each.id));
    }
    return rows.map((each, position) => ({ ...each, position }));
  });
  return moved.map((row) => adminBadge(row, today));
}

/** Deletes a badge: gone from the public pages and the back office. */
export async function deleteBadge(db: Database, id: number): Promise<void> {
  const [deleted] = await db.delete(siteBadges).where(eq(siteBadges.id, id)).returning({ id: siteBadges.id });
  if (!deleted) throw new DomainError("not-found", badgeMessages.notFound);
}
