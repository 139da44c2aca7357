import { z } from "zod";
import { MAX_ID } from "@common/validation";

/**
 * The `:id` of a route's path, for every route that names a row by it. The input guards
 * (server/http/input-guards.ts) refuse an id over MAX_ID first, for every route at once, with the
 * message that names the field; the bound here puts that limit in the OpenAPI document.
 */
export const idParams = z.object({ id: z.coerce.number().int().positive().max(MAX_ID) });
