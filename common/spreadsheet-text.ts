// Text going out in a CSV that people open in a spreadsheet. Plain functions, for every export.

/**
 * A spreadsheet runs a cell starting with = + - @ as a formula (CSV injection): such text goes out
 * behind an apostrophe, which an import takes off again.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
export const guardFormula = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);
export const unguardFormula = (text: string): string => (text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text);
