import { asc, eq } from "drizzle-orm";
import { personName } from "@common/person-name";
import type { z } from "zod";
import type { jobMessageSchema } from "@common/contract/jobs";
import type { Database } from "../db/client";
import { jobMessages, users } from "../db/schema";
import { type Actor, findVisibleJob } from "./read-jobs";

const columns = {
  id: jobMessages.id,
  jobId: jobMessages.jobId,
  authorId: jobMessages.authorId,
  author: { username: users.username, firstName: users.firstName, lastName: users.lastName, role: users.role },
  body: jobMessages.body,
  createdAt: jobMessages.createdAt,
};

type Row = {
  id: number;
  jobId: number;
  authorId: number;
  author: { username: string; firstName: string; lastName: string; role: z.output<typeof jobMessageSchema>["authorRole"] };
  body: string;
  createdAt: Date;
};

const shape = ({ author, ...message }: Row): z.output<typeof jobMessageSchema> => ({
  ...message,
  authorName: personName(author),
  authorRole: author.role,
});

/** A job's thread, oldest first, for those who may see the job. */
export async function listMessages(db: Database, actor: Actor, jobId: number) {
  await findVisibleJob(db, actor, jobId);
  const rows = await db
    .select(columns)
    .from(jobMessages)
    .innerJoin(users, eq(users.id, jobMessages.authorId))
    .where(eq(jobMessages.jobId, jobId))
    .orderBy(asc(jobMessages.createdAt), asc(jobMessages.id));
  return rows.map(shape);
}

/** Adds a message to the thread of a job the actor may see. */
export async function postMessage(db: Database, actor: Actor, jobId: number, body: string) {
  await findVisibleJob(db, actor, jobId);
  const [inserted] = await db.insert(jobMessages).values({ jobId, authorId: actor.id, body }).returning({ id: jobMessages.id });
  if (!inserted) throw new Error("insert returned no message");
  const [row] = await db.select(columns).from(jobMessages).innerJoin(users, eq(users.id, jobMessages.authorId)).where(eq(jobMessages.id, inserted.id));
  return shape(row!);
}
