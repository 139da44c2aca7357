// Runs once, after e2e/serve.mjs's server answers and before any spec: the run's administrator has
// finished the first-run setup (and emptied its pre-flight checklist), so every spec that opens the back office (through the fixtures or the
// Login form, in any order) finds the back office itself. The setup's own journey runs on a server
// of its own (e2e/settings.spec.ts); the sweeps show its screen by answering that it is not done.
import { type FullConfig, request } from "@playwright/test";
import { ADMIN } from "./fixtures";

export default async function globalSetup(config: FullConfig): Promise<void> {
  const admin = await request.newContext({ baseURL: config.projects[0]?.use.baseURL });
  try {
    for (const [method, url, data] of [
      ["POST", "/api/login", ADMIN],
      ["PATCH", "/api/admin/settings", { setupDone: true }],
      // The run's business keeps no pre-flight checklist, so the specs of other features mark jobs
      // flown without ticking one; e2e/preflight-checklist.spec.ts ticks the seeded one on an install of its own.
      ["PUT", "/api/admin/checklist-items", { items: [] }],
    ] as const) {
      const response = await admin.fetch(url, { method, data });
      if (!response.ok()) throw new Error(`${method} ${url} answered ${response.status()}: ${await response.text()}`);
    }
  } finally {
    await admin.dispose();
  }
}
