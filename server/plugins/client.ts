import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import { APP_ROUTES } from "@common/routes";
import { SITE_CONFIG_ELEMENT_ID, SITE_CONFIG_MARKER, type SiteConfig } from "@common/site";

const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "no-cache";

/** JSON inside <script> must not be able to close the element. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

/**
 * Serves the built client: hashed assets cached for a year, HTML revalidated each time,
 * the SPA shell for every route of the router and, with status 404, for paths it does not
 * know; unknown /api paths get JSON 404s.
 */
export async function registerClient(app: FastifyInstance, clientDir: string | undefined, site: SiteConfig): Promise<void> {
  const built = clientDir !== undefined && existsSync(path.join(clientDir, ".vite", "manifest.json"));
  const shell = built
    ? readFileSync(path.join(clientDir, "index.html"), "utf8").replace(
        SITE_CONFIG_MARKER,
        `<script type="application/json" id="${SITE_CONFIG_ELEMENT_ID}">${scriptSafeJson(site)}</script>`,
      )
    : undefined;

  if (clientDir && shell) {
    await app.register(fastifyStatic, {
      root: clientDir,
      index: false,
      wildcard: true,
      preCompressed: true,
      cacheControl: false,
      allowedPath: (pathname) => pathname !== "/index.html" && !pathname.startsWith("/.vite/"),
      setHeaders: (reply, filePath) => {
        const relative = path.relative(clientDir, filePath);
        reply.header("cache-control", relative.startsWith(`assets${path.sep}`) ? IMMUTABLE : "public, max-age=3600");
      },
    });
  }

  const sendShell = (reply: FastifyReply, status: number) =>
    reply.code(status).header("cache-control", REVALIDATE).type("text/html; charset=utf-8").send(shell);

  if (shell) {
    for (const route of APP_ROUTES) app.get(route, (_request, reply) => sendShell(reply, 200));
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    const wantsPage = (request.method === "GET" || request.method === "HEAD") && !pathname.startsWith("/api/");
    if (!shell || !wantsPage) {
      return reply.code(404).send({ message: `No route for ${request.method} ${pathname}` });
    }
    return sendShell(reply, 404);
  });
}
