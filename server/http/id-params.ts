import { z } from "zod";

/**
 * The `:id` of a route's path. Its upper bound (MAX_ID) is the input guards' to enforce, for every
 * route at once (server/http/input-guards.ts), with the message that names the field.
 */
export const idParams = z.object({ id: z.coerce.number().int().positive() });
