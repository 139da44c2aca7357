import { ROUTES, type RouteEntry } from "@common/routes";

/**
 * The Link header that asks the browser to fetch a screen's first API reads beside its scripts
 * (`firstData` in common/routes.ts), with `:id` replaced by the address's own. `crossorigin=
 * use-credentials` matches the client's fetch (credentials "include"), without which the browser
 * would not hand the preloaded answer to it and would ask again.
 */
export function firstDataLink(route: string, params: Readonly<Record<string, string | undefined>>): string | undefined {
  const entry = ROUTES.find((candidate) => candidate.path === route) as RouteEntry | undefined;
  if (!entry?.firstData) return undefined;
  const id = params.id;
  // A malformed address has no data to ask for: its screen shows its own "not found".
  if (entry.path.includes(":id") && (id === undefined || !/^\d{1,15}$/.test(id))) return undefined;
  return entry.firstData.map((url) => `<${id === undefined ? url : url.replaceAll(":id", id)}>; rel=preload; as=fetch; crossorigin=use-credentials`).join(", ");
}
