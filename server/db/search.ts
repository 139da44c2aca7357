import { type Column, ilike, or, type SQL } from "drizzle-orm";

/**
 * The rows where any of `columns` contains `text`, whatever its case: the back office's searches.
 * What people type is words, not patterns, so `%`, `_` and `\` in it match themselves.
 */
export function containsText(text: string, columns: readonly (Column | SQL)[]): SQL | undefined {
  const pattern = `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  return or(...columns.map((column) => ilike(column, pattern)));
}
