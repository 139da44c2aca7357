/**
 * A cookie that only says "someone may be signed in here": set with the session, cleared with it
 * (and whenever the server finds no live session behind it), readable by the page's script. Public
 * pages ask GET /api/user, and load the account menu, only when it is present, so a visitor's page
 * makes no request for a user (docs/decisions/0028-signed-in-hint-cookie.md). It grants nothing:
 * the session cookie, HttpOnly, stays the only proof of who is signed in.
 */
export const SIGNED_IN_HINT_COOKIE = "sv_signed_in";
