import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { previewLinkSchema, sitePageListSchema, sitePageSavedSchema, sitePageSchema, sitePageVersionListSchema } from "@common/contract/site-pages";
import { draftInputSchema, newServicePageSchema, previewPagePath, publishInputSchema, restoreInputSchema } from "@common/site-pages";
import { currentUser, requireAdmin } from "../../auth/session-hook";
import type { Database } from "../../db/client";
import { answers, success } from "../../http/answers";
import { addServicePage, pageVersions, publishPage, restoreVersion, saveDraft, sitePage, sitePageSummaries } from "../../site-pages/pages";
import type { PreviewSigner } from "../../site-pages/preview-token";

const ADMINS = "Admins only: a pilot or a customer gets 403, a visitor 401. An unknown page key is 404.";
const DOCUMENTS = "The home page's document is a HomePageDocument, a service page's a ServicePageDocument (common/site-pages.ts).";

const keyParams = z.object({ key: z.string().min(1).max(80) });

/**
 * The back office's pages (docs/decisions/0061-site-pages.md): each public page's draft, its
 * publishing, history and preview links, and the service pages the business adds.
 */
export const adminSitePageRoutes: FastifyPluginAsync<{ db: Database; preview: PreviewSigner; publicUrl: string; pagesChanged: () => Promise<void> }> = async (
  base,
  { db, preview, publicUrl, pagesChanged },
) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.addHook("preValidation", requireAdmin);

  /** GET /api/admin/pages — every page with its draft's revision and whether it has unpublished changes. */
  app.get(
    "/api/admin/pages",
    { schema: { description: "Admins only: a pilot or a customer gets 403, a visitor 401.", response: answers({ 200: sitePageListSchema }) } },
    async () => success(await sitePageSummaries(db)),
  );

  /** POST /api/admin/pages — a new service page at /<slug>, its draft an empty template; on the site once published. */
  app.post(
    "/api/admin/pages",
    {
      schema: {
        description: `Admins only: a pilot or a customer gets 403, a visitor 401. 409 naming \`slug\` when the address is another page's or one of the site's own routes.`,
        body: newServicePageSchema,
        response: answers({ 201: sitePageSavedSchema }),
      },
    },
    async (request, reply) => {
      const page = await addServicePage(db, currentUser(request).id, request.body);
      reply.code(201);
      return { ...success(page), message: "Page added" };
    },
  );

  /** GET /api/admin/pages/:key — the draft with its revision, and what visitors see. */
  app.get(
    "/api/admin/pages/:key",
    { schema: { description: `${ADMINS} ${DOCUMENTS}`, params: keyParams, response: answers({ 200: sitePageSchema }) } },
    async (request) => sitePage(db, request.params.key),
  );

  /**
   * PUT /api/admin/pages/:key/draft — the whole draft and the revision it was loaded at. Visitors
   * never see a draft.
   */
  app.put(
    "/api/admin/pages/:key/draft",
    {
      schema: {
        description: `${ADMINS} ${DOCUMENTS} 400 names each field that does not fit ("document.hero.headline") and saves nothing. 409 when another admin saved since \`revision\`.`,
        params: keyParams,
        body: draftInputSchema,
        response: answers({ 200: sitePageSavedSchema }),
      },
    },
    async (request) => ({
      ...success(await saveDraft(db, currentUser(request).id, request.params.key, request.body)),
      message: "Draft saved",
    }),
  );

  /** POST /api/admin/pages/:key/publish — the draft becomes the next version, live at once. */
  app.post(
    "/api/admin/pages/:key/publish",
    {
      schema: {
        description: `${ADMINS} An optional \`revision\` refuses (409) a draft changed since the admin reviewed it. 409 too when the draft is the same as what visitors see.`,
        params: keyParams,
        body: publishInputSchema,
        response: answers({ 200: sitePageSavedSchema }),
      },
    },
    async (request) => {
      const { page, version } = await publishPage(db, currentUser(request).id, request.params.key, request.body?.revision);
      // The pages this publish changed are rendered in the background, and served by every instance once rendered.
      await pagesChanged();
      return { ...success(page), message: `Published as version ${version}` };
    },
  );

  /** GET /api/admin/pages/:key/versions — every published version, newest first, with who and when. */
  app.get(
    "/api/admin/pages/:key/versions",
    { schema: { description: ADMINS, params: keyParams, response: answers({ 200: sitePageVersionListSchema }) } },
    async (request) => success(await pageVersions(db, request.params.key)),
  );

  /** POST /api/admin/pages/:key/restore — a published version back into the draft; publishing makes it live. */
  app.post(
    "/api/admin/pages/:key/restore",
    {
      schema: {
        description: `${ADMINS} 404 for a version the page does not have; 409 for one the page's current model cannot read, with the reason, or when another admin saved since the optional \`revision\`.`,
        params: keyParams,
        body: restoreInputSchema,
        response: answers({ 200: sitePageSavedSchema }),
      },
    },
    async (request) => ({
      ...success(await restoreVersion(db, currentUser(request).id, request.params.key, request.body)),
      message: `Version ${request.body.version} restored into the draft: publish it to make it live`,
    }),
  );

  /** POST /api/admin/pages/:key/preview-link — a signed link to the page's draft, for anyone holding it until it expires. */
  app.post(
    "/api/admin/pages/:key/preview-link",
    { schema: { description: ADMINS, params: keyParams, response: answers({ 201: previewLinkSchema }) } },
    async (request, reply) => {
      await sitePage(db, request.params.key);
      const { token, expiresAt } = preview.sign(request.params.key);
      reply.code(201);
      return { url: `${publicUrl}${previewPagePath(token)}`, expiresAt };
    },
  );
};
