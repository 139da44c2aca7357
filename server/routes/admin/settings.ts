import multipart from "@fastify/multipart";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { settingsAnswerSchema, settingsSavedSchema, testMailAnswerSchema } from "@common/contract/settings";
import { settingsPatchSchema, testMailSchema } from "@common/settings";
import { currentUser, requireAdmin } from "../../auth/session-hook";
import type { Database } from "../../db/client";
import { answers, success } from "../../http/answers";
import { logoUrlOf, storeLogo } from "../../settings/logo";
import { readLogoForm } from "../../settings/read-logo-form";
import type { SettingsStore } from "../../settings/settings-store";
import { sendTestMail } from "../../settings/test-mail";

const ADMINS = "Admins only: a pilot or a customer gets 403, a visitor 401.";

/** GET and PATCH /api/admin/settings, the logo, and the test mail (admins). */
export const adminSettingsRoutes: FastifyPluginAsync<{ db: Database; settings: SettingsStore; pagesChanged: () => Promise<void> }> = async (
  base,
  { db, settings, pagesChanged },
) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  // Here only: the plugin's request hooks would otherwise run on every request of the site.
  await app.register(multipart);
  app.addHook("preValidation", requireAdmin);
  const view = () => settings.view(logoUrlOf);

  /** GET /api/admin/settings — every setting in effect, which ones the environment fixes, never a secret. */
  app.get("/api/admin/settings", { schema: { description: ADMINS, response: answers({ 200: settingsAnswerSchema }) } }, async () => success(await view()));

  /**
   * PATCH /api/admin/settings — any of the settings; one left out stays. Takes effect at once on
   * every instance: each reads the settings at use.
   */
  app.patch(
    "/api/admin/settings",
    {
      schema: {
        description: `${ADMINS} 400 names the field (an unknown currency or time zone, a tax rate outside 0–100 %, an invalid e-mail, a value an environment variable fixes); 409 for a new currency once money has moved. A setting the owner may leave empty (taxRatePercent, taxLabel, demoVideoUrl) given as null goes back to its default. The mail password is write-only: absent keeps it, "" removes it; mail null stops using the stored mail server and forgets its password.`,
        body: settingsPatchSchema,
        response: answers({ 200: settingsSavedSchema }),
      },
    },
    async (request) => {
      await settings.update(request.body, currentUser(request).id);
      // The public pages show the business's details: those a save changed are rendered again.
      await pagesChanged();
      return { success: true as const, message: "Settings saved", data: await view() };
    },
  );

  /** POST /api/admin/settings/logo — multipart `logo`: a PNG, JPEG or WebP image of at most 5 MB, checked by its content. */
  app.post(
    "/api/admin/settings/logo",
    {
      schema: {
        description: `${ADMINS} multipart/form-data with the image as \`logo\`. 415 for a file that is not a PNG, JPEG or WebP image by its content, 413 over 5 MB; nothing is stored then.`,
        response: answers({ 200: settingsSavedSchema }),
      },
    },
    async (request) => {
      const upload = await readLogoForm(request);
      await storeLogo(db, settings, upload, currentUser(request).id);
      await pagesChanged();
      return { success: true as const, message: "Logo saved", data: await view() };
    },
  );

  /** POST /api/admin/settings/test-mail { to } — one mail now through the mail server in effect; answers with the server's own words. */
  app.post(
    "/api/admin/settings/test-mail",
    {
      schema: {
        description: `${ADMINS} 409 when no mail server is set. 200 either way once the server was tried: \`delivered\` and \`answer\`, the server's own reply or refusal.`,
        body: testMailSchema,
        response: answers({ 200: testMailAnswerSchema }),
      },
    },
    async (request) => success(await sendTestMail(await settings.read(), request.body.to)),
  );
};
