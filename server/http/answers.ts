import { z } from "zod";
import { errorSchema } from "@common/contract/wire";

/**
 * A route's response schemas: its own answers, plus `{ message, errors? }` for every error status
 * (docs/decisions/0020-api-contract.md). The serializer encodes each answer with its schema, so a
 * handler returning anything else fails to compile, and a field not in the schema never leaves.
 */
export function answers<Answers extends Record<number, z.ZodType>>(own: Answers) {
  return { ...own, "4xx": errorSchema, "5xx": errorSchema };
}

/** The `{ success: true, data }` of a list or a write, with `success` typed as the literal the schemas ask for. */
export const success = <Data>(data: Data) => ({ success: true as const, data });

/** The answers of a route that streams a stored file: described for the API document, never serialized. */
export const fileAnswers = {
  ...answers({}),
  200: {
    description: "The file, streamed; a Range request gets 206 with that part",
    content: { "application/octet-stream": { schema: z.string().meta({ format: "binary" }) } },
  },
};
