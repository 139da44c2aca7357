import { eq } from "drizzle-orm";
import { greetingName } from "@common/person-name";
import type { Database } from "../db/client";
import { users } from "../db/schema";

/**
 * The first line of a mail to a customer an estimate or invoice names by `{ id, email }`: the
 * greeting of every mail and of the dashboard (common/person-name.ts), which the wire's full `name`
 * is not.
 */
export async function helloTo(db: Pick<Database, "select">, customer: { id: number; email: string }): Promise<string> {
  const [person] = await db.select({ firstName: users.firstName, email: users.email }).from(users).where(eq(users.id, customer.id));
  return `Hello ${greetingName(person ?? { firstName: "", email: customer.email })},`;
}
