import type { FastifyInstance } from "fastify";

export interface RegisteredRoute {
  method: string;
  /** The route's pattern, e.g. /api/admin/media/:id. */
  url: string;
}

// One line of Fastify's route tree: indentation (4 columns a level), the path segment, its methods.
const LINE = /^((?:│ {3}| {4})*)(?:├── |└── )(.+?)(?: \(([A-Z, ]+)\))?$/;

/**
 * Every route the built app answers, read from Fastify's own route tree, so a test can cover each
 * route registered today and any added later. HEAD twins of GET routes are left out.
 */
export function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  const prefixes: string[] = [];
  const routes: RegisteredRoute[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split("\n")) {
    const match = LINE.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const url = (prefixes[depth - 1] ?? "") + match[2]!;
    prefixes[depth] = url;
    prefixes.length = depth + 1;
    for (const method of match[3]?.split(", ") ?? []) if (method !== "HEAD") routes.push({ method, url });
  }
  return routes;
}
