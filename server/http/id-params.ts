import { z } from "zod";
import { idMessage, MAX_ID } from "@common/validation";

const badId = idMessage("id");
const badCreditNoteId = idMessage("creditNoteId");

/**
 * The `:id` of a route's path, for every route that names a row by it: a whole number in the
 * database's range, else 400 with the message that names `id` (the bound also puts the limit in the
 * OpenAPI document).
 */
export const idParams = z.object({ id: z.coerce.number({ message: badId }).int(badId).positive(badId).max(MAX_ID, badId) });

/** An invoice's `:id` and one of its credit notes' `:creditNoteId`. */
export const creditNoteParams = idParams.extend({
  creditNoteId: z.coerce.number({ message: badCreditNoteId }).int(badCreditNoteId).positive(badCreditNoteId).max(MAX_ID, badCreditNoteId),
});
