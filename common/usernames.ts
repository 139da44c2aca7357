/**
 * Look-alike letters of other scripts and the Latin letter each passes for, pairwise by position.
 * One list serves the database's unique index on a username's skeleton (server/db/schema.ts) and
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
