import path from "node:path";
import { Negotiator } from "@fastify/accept-negotiator";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { APP_ROUTES } from "@common/routes";
import { SIGNED_IN_HINT_COOKIE } from "@common/signed-in-hint";
import { matchesEtag } from "../http/etag";
import type { SecurityHeaders } from "../http/security-headers";
import type { Database } from "../db/client";
import { firstDataLink } from "./first-data";
import { PrerenderedPages, type ServedPage } from "./prerendered-pages";
import type { PageRenderer } from "./page-renderer";
import type { RenderStalePages } from "./render-pages";

const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "no-cache";

// Brotli first: smaller than gzip for the same page.
const encodings = new Negotiator<"br" | "gzip">({ supportedValues: ["br", "gzip"] });

export interface ClientOptions {
  /** dist/client; undefined when the server runs without a built client (API tests, `npm run dev`). */
  clientDir: string | undefined;
  /** The build's pages and their renderer (dist/pages, dist/ssr, beside clientDir); undefined without a built client. */
  renderer: PageRenderer | undefined;
  /** Renders the pages the settings or published pages changed since they were rendered: run once before the first visitor. */
  renderStale: RenderStalePages | undefined;
  db: Database;
  /** The site's public origin (config.publicUrl): canonical and Open Graph addresses use it, never the request's Host. */
  publicUrl: string;
  /** A page's Content-Security-Policy, with the hosts of the tiles its maps draw. */
  pagePolicy: SecurityHeaders["pagePolicy"];
}

/**
 * Serves the built client: hashed assets cached for a year, the prerendered page of each route of
 * the router (HTML revalidated every time against its ETag, brotli or gzip as the browser accepts) and, with status
 * 404, the not-found page for paths it does not know; unknown /api paths get JSON 404s.
 */
export async function registerClient(app: FastifyInstance, { clientDir, renderer, renderStale, db, publicUrl, pagePolicy }: ClientOptions): Promise<void> {
  const pages = clientDir !== undefined && renderer !== undefined ? new PrerenderedPages(renderer, db, publicUrl) : undefined;
  // Rendered before the first visitor (settings set by the environment, a new build), so a build or
  // settings the pages cannot be made with stop the start; after it, publishes and saves render through the queue.
  if (pages) {
    await renderStale?.();
    await pages.warm();
  }

  if (clientDir && pages) {
    await app.register(fastifyStatic, {
      root: clientDir,
      index: false,
      wildcard: true,
      preCompressed: true,
      cacheControl: false,
      allowedPath: (pathname) => !pathname.startsWith("/api/") && pathname !== "/index.html" && !pathname.startsWith("/.vite/"),
      setHeaders: (reply, filePath) => {
        const relative = path.relative(clientDir, filePath);
        reply.header("cache-control", relative.startsWith(`assets${path.sep}`) ? IMMUTABLE : "public, max-age=3600");
      },
    });
  }

  const sendPage = async (request: FastifyRequest, reply: FastifyReply, route: string, page: ServedPage) => {
    const { body, status } = page;
    reply
      .header("cache-control", REVALIDATE)
      .header("vary", "Accept-Encoding")
      .header("etag", body.etag)
      .header("content-security-policy", pagePolicy(page.mapTiles));
    const link = status === 200 ? firstDataLink(route, request.params as Record<string, string>) : undefined;
    // Only for someone who may be signed in: a visitor's page would fetch answers it never reads (401s).
    if (link && request.cookies[SIGNED_IN_HINT_COOKIE] !== undefined) reply.header("link", link);
    // Revalidation costs a few hundred bytes when the page has not changed since the browser's copy.
    if (status === 200 && matchesEtag(request.headers["if-none-match"], body.etag)) return reply.code(304).send();
    reply.code(status).type("text/html; charset=utf-8");
    const encoding = encodings.negotiate(request.headers["accept-encoding"] ?? "");
    if (encoding) return reply.header("content-encoding", encoding).send(body[encoding]);
    return reply.send(body.identity);
  };

  /** The not-found page, with status 404. */
  const notFound = async () => ({ ...(await pages!.page(pages!.notFoundKey))!, status: 404 });

  if (pages) {
    for (const route of APP_ROUTES) app.get(route, async (request, reply) => sendPage(request, reply, route, (await pages.page(route)) ?? (await notFound())));
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    const wantsPage = (request.method === "GET" || request.method === "HEAD") && !pathname.startsWith("/api/");
    if (!pages || !wantsPage) {
      return reply.code(404).send({ message: `No route for ${request.method} ${pathname}` });
    }
    // A service page the business added has no route of the app's: it is served while its rendered page exists.
    const added = pathname !== `/${pages.notFoundKey}` ? await pages.page(pathname) : undefined;
    return sendPage(request, reply, pathname, added ?? (await notFound()));
  });
}
