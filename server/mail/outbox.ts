import { sql } from "drizzle-orm";
import type { z } from "zod";
import type { OUTBOX_STATES, outboxMailSchema } from "@common/contract/customers";
import type { Database } from "../db/client";
import { mailTask } from "./mail-task";

type OutboxState = (typeof OUTBOX_STATES)[number];

/** pg-boss's job states (node_modules/pg-boss/dist/plans.js, JOB_STATES) as the Outbox names them. */
const STATE_OF = {
  created: "queued",
  active: "sending",
  completed: "sent",
  retry: "retrying",
  failed: "failed",
  cancelled: "cancelled",
} as const satisfies Record<string, OutboxState>;

/** The Outbox shows the newest mails; older ones are in pg-boss's table until it deletes them. */
const OUTBOX_LIMIT = 200;

interface OutboxRow {
  id: string;
  to: string | null;
  subject: string | null;
  text: string | null;
  attachments: { filename: string | null; contentType: string | null }[];
  state: keyof typeof STATE_OF;
  retryCount: number;
  started: boolean;
  lastError: string | null;
  createdAt: string;
  completedAt: string | null;
  /** The mail task's output: false when no mail server took it (mail-task.ts); null for mails finished before it said. */
  delivered: boolean | null;
}

/**
 * Every mail the durable queue holds (docs/product.md §2, the development Outbox), newest first:
 * read from pg-boss's own table (its default schema, `pgboss`, which server/queue/queue.ts keeps).
 * An attachment leaves the database as its name and type only, never its content. Password-reset
 * mails are never here: their job makes and sends the link in one step (password-reset-task.ts).
 */
export async function readOutbox(db: Database): Promise<z.output<typeof outboxMailSchema>[]> {
  // Both drivers answer { rows }; the shared Database type cannot say so (as in server/db/client.ts).
  const result = (await db.execute(sql`
    select
      id::text as "id",
      data->>'to' as "to",
      data->>'subject' as "subject",
      data->>'text' as "text",
      coalesce(
        (select jsonb_agg(jsonb_build_object('filename', attachment->>'filename', 'contentType', attachment->>'contentType'))
           from jsonb_array_elements(case when jsonb_typeof(data->'attachments') = 'array' then data->'attachments' else '[]'::jsonb end) as attachment),
        '[]'::jsonb
      ) as "attachments",
      state::text as "state",
      retry_count as "retryCount",
      started_on is not null as "started",
      -- The worker fails an attempt with { message } (queue.ts); pg-boss's own expiry writes { value: { message } }.
      coalesce(output->>'message', output->'value'->>'message') as "lastError",
      to_char(created_on at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
      to_char(completed_on at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "completedAt",
      case when state = 'completed' and jsonb_typeof(output->'delivered') = 'boolean' then (output->>'delivered')::boolean end as "delivered"
    from pgboss.job
    where name = ${mailTask.name}
    order by created_on desc, id desc
    limit ${OUTBOX_LIMIT}
  `)) as unknown as { rows: OutboxRow[] };
  return result.rows.map((row) => {
    // Completed is "sent" only when a mail server took it; without SMTP_URL the worker only logged it.
    const state: OutboxState = row.state === "completed" && row.delivered === false ? "unsent" : STATE_OF[row.state];
    return {
      id: row.id,
      to: row.to ?? "",
      subject: row.subject ?? "",
      text: row.text ?? "",
      attachments: row.attachments.map((attachment) => ({ filename: attachment.filename ?? "", contentType: attachment.contentType ?? "" })),
      state,
      // A claim sets started_on; every claim after the first adds one to retry_count (pg-boss's fetch).
      attempts: row.started ? row.retryCount + 1 : 0,
      lastError: row.lastError,
      createdAt: new Date(row.createdAt),
      sentAt: state === "sent" && row.completedAt ? new Date(row.completedAt) : null,
    };
  });
}
