import { index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { ownerId } from "./accounts";
import { createdAt, id } from "./columns";
import { jobs } from "./jobs";

// Documents a customer sends for a job.

/** A document a customer sent the business for one of their jobs (site plans, earlier reports). */
export const jobDocuments = pgTable(
  "job_documents",
  {
    id: id(),
    jobId: integer("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    /** Who sent it: the job's customer. */
    userId: ownerId(),
    title: text("title").notNull(),
    originalName: text("original_name").notNull(),
    storageKey: text("storage_key").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("job_documents_job_id_idx").on(table.jobId, table.id)],
);
