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
