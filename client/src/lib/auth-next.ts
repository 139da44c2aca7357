import { routeFor } from "@common/routes";

const AFTER_LOGIN = "/dashboard";

// Any origin of our own making: a `next` that resolves to another one names another site.
const BASE = "http://site.invalid";

/**
 * Where /login sends the user after logging in: ?next= when it is a page of this app (its path,
 * query and fragment), else /dashboard. It is parsed as the browser would: "//x" and "/\x" are
 * other hosts, "javascript:" is no path, and a path the app has no page for would land on a 404.
 */
export function nextPathFrom(search: string): string {
  const next = new URLSearchParams(search).get("next");
  if (!next?.startsWith("/")) return AFTER_LOGIN;
  let url: URL;
  try {
    url = new URL(next, BASE);
  } catch {
    return AFTER_LOGIN;
  }
  if (url.origin !== BASE) return AFTER_LOGIN;
  const path = url.pathname.replace(/(.)\/+$/, "$1");
  // Back to /login would only bounce again.
  if (!routeFor(path) || path === "/login") return AFTER_LOGIN;
  return `${path}${url.search}${url.hash}`;
}
