import { z } from "zod";
import { pathId } from "@common/contract/wire";

/**
 * The `:id` of a route's path, for every route that names a row by it: a whole number in the
 * database's range, else 400 with the message that names `id` (the bound also puts the limit in the
 * OpenAPI document).
 */
export const idParams = z.object({ id: pathId("id") });

/** A job's finding and one of its images: `:id`, `:findingId` and `:n` (GET /api/jobs/:id/findings/:findingId/images/:n). */
export const findingImageParams = idParams.extend({ findingId: pathId("findingId"), n: pathId("n") });

/** An invoice's `:id` and one of its credit notes' `:creditNoteId`. */
export const creditNoteParams = idParams.extend({
  creditNoteId: pathId("creditNoteId"),
});
