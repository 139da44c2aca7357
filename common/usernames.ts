/**
 * Look-alike letters of other scripts and the Latin letter each passes for, pairwise by position.
 * One list serves the database's unique index on a username's skeleton (server/db/schema/accounts.ts) and
 * the server's check before it, so "аdmin" (Cyrillic а) cannot sit beside "admin".
 */
export const USERNAME_CONFUSABLES = {
  // Cyrillic, then Greek, lower case (names are compared after lower-casing).
  from: "аеһіјкорсѕуүхԁԛԝӏαορικνυχτε",
  to: "aehijkopcsyyxdqwlaopiknuxte",
} as const;

/** The form two usernames share when a person could not tell them apart: NFKC, lower case, look-alikes folded. */
export function usernameSkeleton(username: string): string {
  const folded = [...username.normalize("NFKC").toLowerCase()].map((char) => {
    const at = USERNAME_CONFUSABLES.from.indexOf(char);
    return at === -1 ? char : USERNAME_CONFUSABLES.to[at];
  });
  return folded.join("");
}

/**
 * Characters that show nothing, or nothing of their own, yet make two names differ: controls,
 * format characters (zero-width space and joiners, BOM, soft hyphen, bidi controls), the other
 * default-ignorables (Hangul fillers, variation selectors), line separators, the Braille blank,
 * and code points with no agreed glyph (private use, unassigned).
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\p{Zl}\p{Zp}\p{Co}\p{Cn}\u2800]/u;

export function hasInvisibleCharacter(username: string): boolean {
  return INVISIBLE.test(username);
}

/**
 * The scripts people write names in. A letter of a script not listed counts as "other", so a
 * name in such a script alone is accepted, and mixed with a listed one is not.
 */
const SCRIPTS = [
  "Latin",
  "Cyrillic",
  "Greek",
  "Armenian",
  "Georgian",
  "Hebrew",
  "Arabic",
  "Syriac",
  "Thaana",
  "Nko",
  "Devanagari",
  "Bengali",
  "Gurmukhi",
  "Gujarati",
  "Oriya",
  "Tamil",
  "Telugu",
  "Kannada",
  "Malayalam",
  "Sinhala",
  "Thai",
  "Lao",
  "Tibetan",
  "Myanmar",
  "Khmer",
  "Mongolian",
  "Ethiopic",
  "Cherokee",
  "Canadian_Aboriginal",
  "Tifinagh",
  "Han",
  "Hiragana",
  "Katakana",
  "Bopomofo",
  "Hangul",
  "Yi",
] as const;
const SCRIPT_PATTERNS = SCRIPTS.map((script) => [script, new RegExp(`\\p{Script_Extensions=${script}}`, "u")] as const);

// Unicode TS #39's "highly restrictive" level: Japanese, Chinese and Korean writing mix Han with
// their own scripts, and Latin with any of them; each such mixture counts as one writing system.
const WRITING_SYSTEMS: Partial<Record<string, string[]>> = {
  Han: ["Japanese", "Chinese", "Korean"],
  Hiragana: ["Japanese"],
  Katakana: ["Japanese"],
  Bopomofo: ["Chinese"],
  Hangul: ["Korean"],
  Latin: ["Japanese", "Chinese", "Korean"],
};

function writingSystemsOf(letter: string): Set<string> {
  const found = new Set<string>();
  for (const [script, pattern] of SCRIPT_PATTERNS) {
    if (!pattern.test(letter)) continue;
    found.add(script);
    for (const system of WRITING_SYSTEMS[script] ?? []) found.add(system);
  }
  return found.size > 0 ? found : new Set(["other"]);
}

/** True when the name's letters come from more than one script ("аdmin": Cyrillic а, Latin dmin). Digits and punctuation belong to every script. */
export function mixesScripts(username: string): boolean {
  let shared: Set<string> | undefined;
  for (const letter of username.match(/\p{L}/gu) ?? []) {
    const systems = writingSystemsOf(letter);
    shared = shared ? new Set([...shared].filter((system) => systems.has(system))) : systems;
    if (shared.size === 0) return true;
  }
  return false;
}
