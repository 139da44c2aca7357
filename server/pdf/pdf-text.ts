/**
 * The documents print with the PDF standard fonts (Helvetica), which draw the Windows-1252 ("WinAnsi")
 * characters only: ASCII, Latin-1 (é, ë, Å, ö, ñ, ß) and € ‚ „ … † ‡ ‰ Š ‹ Œ Ž ‘ ’ “ ” • – — ˜ ™ š › œ ž Ÿ.
 * pdfkit writes any other character as bytes of the wrong glyphs (and swallows its neighbours), so
 * every string goes through printable() first: a letter whose accent the fonts lack loses the accent
 * (č → c, ź → z, ő → o), a few letters with no decomposition take their base letter (Ł → L), and what
 * is left (東京, Привет, emoji) becomes "?", one per character. docs/decisions/0024-pdf-documents.md.
 */

/** The characters 0x80–0x9F of Windows-1252 that are not Latin-1's (Latin-1's 0x80–0x9F are controls). */
const WIN_ANSI_EXTRAS = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");

/** Letters NFKD leaves whole although a reader expects their base letter. */
const BASE_LETTERS: Record<string, string> = { Ł: "L", ł: "l", Đ: "D", đ: "d", Ħ: "H", ħ: "h", ı: "i" };

function isWinAnsi(character: string): boolean {
  const code = character.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(character);
}

function foldCharacter(character: string): string {
  if (isWinAnsi(character)) return character;
  if (character === "\n") return character;
  // Tabs, other controls and line separators would print as nothing or break a line where none is meant.
  if (/[\p{Cc}\p{Zl}\p{Zp}]/u.test(character)) return " ";
  // A combining mark left over after NFC (a letter the fonts lack, with an accent) is dropped with its accent.
  if (/\p{M}/u.test(character)) return "";
  const base = BASE_LETTERS[character];
  if (base) return base;
  const decomposed = character.normalize("NFKD").replace(/\p{M}/gu, "");
  if (decomposed && [...decomposed].every(isWinAnsi)) return decomposed;
  return "?";
}

/** Text the standard fonts draw exactly as extracted by pdftotext: Windows-1252 characters and new lines only. */
export function printable(text: string): string {
  let result = "";
  // NFC first, so "e" + combining diaeresis becomes the one character ë the fonts have.
  for (const character of text.normalize("NFC").replace(/\r\n?/g, "\n")) result += foldCharacter(character);
  return result;
}

/**
 * printable() for a value meant to fill one line (a title, a name, a footer): any line break or
 * control character left in it, from a row stored before the API's one-line rule
 * (docs/architecture.md §4), becomes one space, so it can never grow a footer past the page's
 * bottom (which adds a page, whose footer adds another, until the stack overflows).
 */
export function printableLine(text: string): string {
  return printable(text)
    .replace(/\s*\n\s*/g, " ")
    .replace(/ {2,}/g, " ")
    .trim();
}
