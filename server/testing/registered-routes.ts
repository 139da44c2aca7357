import type { FastifyInstance, HTTPMethods } from "fastify";

// One line of Fastify's route tree: indentation (4 columns a level), the path segment, its methods.
const LINE = /^((?:│ {3}| {4})*)[├└]── (\S+)(?: \(([^)]+)\))?/;

/**
 * Every route the built app answers, as [method, path pattern], read from Fastify's own route tree,
 * so a test covers each route registered today and any added later. HEAD twins of GET are left out.
 */
export function registeredRoutes(app: FastifyInstance): [HTTPMethods, string][] {
  const routes: [HTTPMethods, string][] = [];
  const prefixes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split("\n")) {
    const match = LINE.exec(line);
    if (!match) continue;
    prefixes.length = match[1]!.length / 4;
    const path = prefixes.join("") + match[2]!;
    prefixes.push(match[2]!);
    for (const method of match[3]?.split(", ") ?? []) if (method !== "HEAD") routes.push([method as HTTPMethods, path]);
  }
  return routes;
}
