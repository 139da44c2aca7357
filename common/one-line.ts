import { z } from "zod";
import { isSingleLine, singleLineMessage } from "./field-rules";

/**
 * A one-line text field of the API (a title, a name, a site's address): trimmed, then refused with
 * a message naming it when a line break or a control character is left (common/field-rules.ts,
 * docs/architecture.md §4). Chain its length rules after it; `typeMessage` answers a value that is
 * not a string.
 */
export const oneLine = (label: string, typeMessage?: string) =>
  z
    .string(typeMessage === undefined ? undefined : { message: typeMessage })
    .trim()
    .refine(isSingleLine, singleLineMessage(label));
