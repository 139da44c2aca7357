import { asc, eq, sql } from "drizzle-orm";
import { siteContentMessages } from "@common/site-content";
import type { Database } from "../db/client";
import { testimonials } from "../db/schema";
import { DomainError } from "../domain-errors";

type TestimonialRow = typeof testimonials.$inferSelect;
type TestimonialInput = Pick<TestimonialRow, "quote" | "author" | "role"> & { published?: boolean };
type TestimonialChanges = Partial<Pick<TestimonialRow, "quote" | "author" | "role" | "published">>;

/** A testimonial as the back office sees it: each field by name, so a column added later never leaks. */
const adminTestimonial = (row: TestimonialRow) => ({
  id: row.id,
  quote: row.quote,
  author: row.author,
  role: row.role,
  position: row.position,
  published: row.published,
  updatedAt: row.updatedAt,
});

const NOTHING_TO_CHANGE = "Change the quote, the author, the role or whether it is published";

/** The published testimonials, in the back office's order, as the home page shows them. */
export function publishedTestimonials(db: Database) {
  return db
    .select({ id: testimonials.id, quote: testimonials.quote, author: testimonials.author, role: testimonials.role })
    .from(testimonials)
    .where(eq(testimonials.published, true))
    .orderBy(asc(testimonials.position), asc(testimonials.id));
}

/** Every testimonial, published or not, in the home page's order. */
export async function allTestimonials(db: Database) {
  return (await db.select().from(testimonials).orderBy(asc(testimonials.position), asc(testimonials.id))).map(adminTestimonial);
}

/** A new testimonial, last in the order. */
export async function addTestimonial(db: Database, input: TestimonialInput) {
  const [created] = await db
    .insert(testimonials)
    .values({ ...input, position: sql`(select coalesce(max(${testimonials.position}), -1) + 1 from ${testimonials})` })
    .returning();
  return adminTestimonial(created!);
}

/** Edits a testimonial's words or whether it is published; says which of the two it was. */
export async function changeTestimonial(db: Database, id: number, changes: TestimonialChanges) {
  // An empty change would be an UPDATE with nothing to set, which Drizzle refuses with a 500.
  if (Object.values(changes).every((value) => value === undefined)) throw new DomainError("invalid", NOTHING_TO_CHANGE, { body: NOTHING_TO_CHANGE });
  const [updated] = await db.update(testimonials).set(changes).where(eq(testimonials.id, id)).returning();
  if (!updated) throw new DomainError("not-found", siteContentMessages.testimonialNotFound);
  const onlyPublishing = Object.keys(changes).length === 1 && changes.published !== undefined;
  return { testimonial: adminTestimonial(updated), onlyPublishing };
}

/** Moves a testimonial one place up or down; the order is renumbered from 0. */
export async function moveTestimonial(db: Database, id: number, direction: "up" | "down") {
  const moved = await db.transaction(async (tx) => {
    // Locked in order, so two admins moving at once each start from the other's result.
    const rows = await tx.select().from(testimonials).orderBy(asc(testimonials.position), asc(testimonials.id)).for("update");
    const from = rows.findIndex((row) => row.id === id);
    if (from === -1) throw new DomainError("not-found", siteContentMessages.testimonialNotFound);
    const to = Math.min(Math.max(from + (direction === "up" ? -1 : 1), 0), rows.length - 1);
    const [row] = rows.splice(from, 1);
    rows.splice(to, 0, row!);
    for (const [position, each] of rows.entries()) {
      if (each.position !== position) await tx.update(testimonials).set({ position }).where(eq(testimonials.id, each.id));
    }
    return rows.map((each, position) => ({ ...each, position }));
  });
  return moved.map(adminTestimonial);
}

/** Deletes a testimonial: gone from the home page and the back office. */
export async function deleteTestimonial(db: Database, id: number): Promise<void> {
  const [deleted] = await db.delete(testimonials).where(eq(testimonials.id, id)).returning({ id: testimonials.id });
  if (!deleted) throw new DomainError("not-found", siteContentMessages.testimonialNotFound);
}
