import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  checklistItemListSchema,
  checklistItemsWrittenSchema,
  preflightChecklistAnswerSchema,
  preflightChecklistWrittenSchema,
} from "@common/contract/preflight";
import { checklistItemsInputSchema, preflightAnswersInputSchema } from "@common/preflight";
import { currentUser, requireAdmin, requireStaff } from "../../auth/session-hook";
import type { Database } from "../../db/client";
import { answers, success } from "../../http/answers";
import { idParams } from "../../http/id-params";
import { listChecklistItems, readPreflight, replaceChecklistItems, savePreflight } from "../../jobs/preflight";

const STAFF = "Admins and pilots; a customer gets 403, a visitor 401.";
const ADMINS_ONLY = "Admins only: a pilot or a customer gets 403, a visitor 401.";
const ON_THE_JOB = "An admin, or the job's pilot (another pilot's job is 404); a customer gets 403, a visitor 401.";

/** The pre-flight checklist (docs/decisions/0074-preflight-checklist.md): the business's items, and each job's answers. */
export const adminPreflightRoutes: FastifyPluginAsync<{ db: Database }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  /** GET /api/admin/checklist-items — the business's items, in order. */
  app.get(
    "/api/admin/checklist-items",
    {
      preValidation: requireStaff,
      schema: {
        description: `${STAFF} The business's pre-flight checklist, in order: each item's label, kind (a blocker must be ticked before the flight is recorded; a warning is shown), whether it needs a value, whether it is for solar (thermal) jobs only, and its source (irradiance: the job's inspection conditions).`,
        response: answers({ 200: checklistItemListSchema }),
      },
    },
    async () => success(await listChecklistItems(db)),
  );

  /** PUT /api/admin/checklist-items { items } — the whole list, in order. */
  app.put(
    "/api/admin/checklist-items",
    {
      preValidation: requireAdmin,
      schema: {
        description: `${ADMINS_ONLY} Replaces the checklist with \`items\`, in order: an item with an \`id\` is kept (a job's ticks of it stay while its label does not change), one without is added, one left out is removed. A job whose flight is recorded keeps its checklist as it was. 400 names the field (\`items.N.label\`, \`items.N.kind\`, \`items.N.id\` not an item), and nothing changes.`,
        body: checklistItemsInputSchema,
        response: answers({ 200: checklistItemsWrittenSchema }),
      },
    },
    async (request) => ({ success: true as const, message: "Checklist saved", data: await replaceChecklistItems(db, request.body) }),
  );

  /** GET /api/admin/jobs/:id/preflight-checklist — the job's checklist as it stands, or as kept with the flight. */
  app.get(
    "/api/admin/jobs/:id/preflight-checklist",
    {
      preValidation: requireStaff,
      schema: {
        description: `${ON_THE_JOB} The job's pre-flight checklist: before the flight, the business's items (the thermal-only ones on a solar job only) with the job's ticks, who gave each and when; once the flight is recorded (\`keptAt\`), the checklist as it stood then. An irradiance item shows the job's inspection conditions' irradiance and \`judgement\` against IEC TS 62446-3's 600 W/m². \`unticked\`: the blockers Mark flown is refused for.`,
        params: idParams,
        response: answers({ 200: preflightChecklistAnswerSchema }),
      },
    },
    async (request) => success(await readPreflight(db, currentUser(request), request.params.id)),
  );

  /** PUT /api/admin/jobs/:id/preflight-checklist { answers: [{ itemId, checked, value }] }. */
  app.put(
    "/api/admin/jobs/:id/preflight-checklist",
    {
      preValidation: requireStaff,
      schema: {
        description: `${ON_THE_JOB} Saves every item's tick and value (an item left out reads unticked); a tick keeps who gave it and when until it changes. An irradiance item's \`value\` (W/m²) is written to the job's inspection conditions, the same the report states. 400 names the field and saves nothing: \`answers.N.itemId\` not an item of the job's checklist, \`answers.N.value\` missing on a ticked item that needs one, or an irradiance not a number from 0 to 1500. 409 once the flight is recorded (the checklist is kept) or the job is closed or cancelled.`,
        params: idParams,
        body: preflightAnswersInputSchema,
        response: answers({ 200: preflightChecklistWrittenSchema }),
      },
    },
    async (request) => ({
      success: true as const,
      message: "Checklist saved",
      data: await savePreflight(db, currentUser(request), request.params.id, request.body),
    }),
  );
};
