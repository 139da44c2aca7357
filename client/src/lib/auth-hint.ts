import { routeFor } from "@common/routes";
import { SIGNED_IN_HINT_COOKIE } from "@common/signed-in-hint";
import { useHydrated } from "./use-hydrated";

/**
 * Whether the server's hint cookie says someone may be signed in (common/signed-in-hint.ts). False
 * in prerendered HTML and while React adopts it, so the page matches what was prerendered. Read
 * as the caller renders: logging in and out both navigate, which renders the header and footer
 * again, so no subscription is needed (and none weighs on the home page's script).
 */
export function useSignedInHint(): boolean {
  const hydrated = useHydrated();
  return hydrated && document.cookie.split("; ").includes(`${SIGNED_IN_HINT_COOKIE}=1`);
}

/**
 * Whether the page at `pathname` should ask who is signed in (GET /api/user): when the hint says
 * someone may be, and on account pages anyway (a session from before the hint), but never
 * unprompted on the pages for visitors, where a visitor's answer is a 401 logged in the console.
 */
export function useMayBeSignedIn(pathname: string): boolean {
  const hinted = useSignedInHint();
  const route = routeFor(pathname);
  return hinted || (route?.public === false && !route.forVisitors);
}
