// The building blocks of every response schema. A schema's input side is the JSON on the wire (what
// the client reads: `z.input`); its output side is what a server handler returns (`z.output`), which
// the serializer encodes (fastify-type-provider-zod encodes each answer with its response schema).
import { z } from "zod";
import { idMessage, MAX_ID } from "../validation";

/**
 * A moment in time: an ISO 8601 string on the wire, a Date in the handler. Handlers hand over the
 * database's Date as is; the client sees a string, never a Date it would have to revive.
 */
export const isoDate = z.codec(z.iso.datetime({ offset: true }), z.date(), {
  decode: (text) => new Date(text),
  encode: (date) => date.toISOString(),
});

/** Every list answer (docs/product.md §7): `{ success: true, data: [...] }`. */
export const listOf = <Item extends z.ZodType>(item: Item) => z.object({ success: z.literal(true), data: z.array(item) });

/** The list answer as the client reads it. */
export type ListResponse<Item> = { success: true; data: Item[] };

/** Every error answer: a message for people, plus one message per field for a validation failure. */
export const errorSchema = z.object({ message: z.string(), errors: z.record(z.string(), z.string()).optional() }).meta({ id: "Error" });
export type ErrorResponse = z.input<typeof errorSchema>;

/** An answer that only says what happened. */
export const messageSchema = z.object({ message: z.string() });
export type MessageResponse = z.input<typeof messageSchema>;

/** A write that succeeded, with its message and no data (a delete). */
export const successMessageSchema = z.object({ success: z.literal(true), message: z.string() });

/** A write that succeeded, answering the row it wrote. */
export const successOf = <Data extends z.ZodType>(data: Data) => z.object({ success: z.literal(true), data });

/** A write that succeeded, answering a message and the row it wrote. */
export const successMessageOf = <Data extends z.ZodType>(data: Data) => successMessageSchema.extend({ data });

/** The row ids of the answers: PostgreSQL integers. */
export const id = z.number().int().positive().max(MAX_ID);

/** A path's whole-number id named `name` (":id", ":userId"), in the database's range, else 400 with the one message that names it. */
export const pathId = (name: string) => {
  const message = idMessage(name);
  return z.coerce.number({ message }).int(message).positive(message).max(MAX_ID, message);
};
