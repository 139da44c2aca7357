import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { publicSitePageSchema, publicSitePagesSchema, sitePagePreviewSchema } from "@common/contract/site-pages";
import { pageRoute } from "@common/site-page-keys";
import type { Database } from "../db/client";
import { answers } from "../http/answers";
import { draftOf, publicPage, publicPages } from "../site-pages/pages";
import type { PreviewSigner } from "../site-pages/preview-token";

// Read again on every load, so a publish shows on the next one on every instance.
const FRESH = "no-cache";

/** What visitors read of the public pages' own words, and the preview of a draft by its signed link (docs/decisions/0061-site-pages.md). */
export const sitePageRoutes: FastifyPluginAsync<{ db: Database; preview: PreviewSigner }> = async (base, { db, preview }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  /** GET /api/pages — anyone: the service pages on the site, in the navigation's order, and the published pages' version. */
  app.get(
    "/api/pages",
    {
      schema: {
        description: "`version` grows at every publish of any page: what was made from the published pages at one version is current while it stays.",
        response: answers({ 200: publicSitePagesSchema }),
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", FRESH);
      return publicPages(db);
    },
  );

  /** GET /api/pages/:key — anyone: the page's published document; SPEC's default for one of its pages never published. */
  app.get(
    "/api/pages/:key",
    {
      schema: {
        description:
          "`document` is a HomePageDocument or ServicePageDocument (common/site-pages.ts). 404 for a page that is not on the site: unknown, hidden, or added and never published.",
        params: z.object({ key: z.string().min(1).max(80) }),
        response: answers({ 200: publicSitePageSchema }),
      },
    },
    async (request, reply) => {
      reply.header("cache-control", FRESH);
      return publicPage(db, request.params.key);
    },
  );

  /** GET /api/pages/preview/:token — anyone holding a preview link: the page's current draft. */
  app.get(
    "/api/pages/preview/:token",
    {
      schema: {
        description:
          "Anyone holding the link, without an account. 404 for a link that is not valid (altered, or not made by this site), 410 once it has expired.",
        params: z.object({ token: z.string().min(1).max(500) }),
        response: answers({ 200: sitePagePreviewSchema }),
      },
    },
    async (request, reply) => {
      const { key, expiresAt } = preview.verify(request.params.token);
      const document = await draftOf(db, key);
      // A draft: never kept by a cache, never indexed.
      reply.header("cache-control", "no-store").header("x-robots-tag", "noindex");
      return { key, route: pageRoute(key), document, expiresAt };
    },
  );
};
