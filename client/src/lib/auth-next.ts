import type { Role } from "@common/roles";
import { routeFor } from "@common/routes";

/** Customers to their dashboard; admins and pilots to the back office, their own screen (docs/product.md §2). */
export function homeFor(role: Role): "/dashboard" | "/admin-dashboard" {
  return role === "customer" ? "/dashboard" : "/admin-dashboard";
}

// Any origin of our own making: a `next` that resolves to another one names another site.
const BASE = "http://site.invalid";

/**
 * The page of this app ?next= names (its path, query and fragment), or null. It is parsed as the
 * browser would: "//x" and "/\x" are other hosts, "javascript:" is no path, and a path the app has
 * no page for would land on a 404.
 */
export function nextPageIn(search: string): string | null {
  const next = new URLSearchParams(search).get("next");
  if (!next?.startsWith("/")) return null;
  let url: URL;
  try {
    url = new URL(next, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const path = url.pathname.replace(/(.)\/+$/, "$1");
  // Back to /login would only bounce again.
  if (!routeFor(path) || path === "/login") return null;
  return `${path}${url.search}${url.hash}`;
}

/** Where /login sends the user after logging in: ?next= when it is a page of this app, else their own screen. */
export function nextPathFrom(search: string, role: Role): string {
  return nextPageIn(search) ?? homeFor(role);
}
