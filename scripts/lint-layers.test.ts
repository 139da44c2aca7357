import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { importCycles } from "./import-cycles.mjs";

const eslint = new ESLint({ cwd: process.cwd() });

/** Lints `code` as if it were the file at `filePath`, and answers the layering messages it earns. */
async function layeringErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === "import-x/no-restricted-paths").map((m) => m.message);
}

/** Lints `code` as if it were the (existing) file at `filePath`, and answers the import cycles it closes. */
async function cycleErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === "import-x/no-cycle").map((m) => m.message);
}

// Linting a file that reaches the server's app walks its whole import graph: tens of seconds on a busy machine.
const WHOLE_GRAPH = { timeout: 120_000 };

describe("the layering lint rules (docs/architecture.md §2)", WHOLE_GRAPH, () => {
  it("refuses a feature importing another feature", async () => {
    const errors = await layeringErrors(
      "client/src/features/admin/layering-probe.ts",
      'import HomePage from "@/features/marketing/home/home-page";\nexport const probe = HomePage;\n',
    );
    expect(errors).toEqual([expect.stringContaining("A feature imports only itself")]);
  });

  it("lets a feature import its own files, api, lib and components", async () => {
    const errors = await layeringErrors(
      "client/src/features/marketing/layering-probe.ts",
      'import HomePage from "@/features/marketing/home/home-page";\nimport { useJobs } from "@/api/jobs";\nimport { cn } from "@/lib/utils";\nexport const probe = [HomePage, useJobs, cn];\n',
    );
    expect(errors).toEqual([]);
  });

  it("refuses lib, components or api importing a feature or the app", async () => {
    const fromLib = await layeringErrors(
      "client/src/lib/layering-probe.ts",
      'import HomePage from "@/features/marketing/home/home-page";\nexport const probe = HomePage;\n',
    );
    const fromComponents = await layeringErrors("client/src/components/ui/layering-probe.ts", 'import { App } from "@/app/app";\nexport const probe = App;\n');
    const fromApi = await layeringErrors(
      "client/src/api/layering-probe.ts",
      'import { useJob } from "@/features/jobs/api/get-job";\nexport const probe = useJob;\n',
    );
    expect(fromLib).toEqual([expect.stringContaining("lib/, components/ and api/ are shared")]);
    expect(fromComponents).toEqual([expect.stringContaining("lib/, components/ and api/ are shared")]);
    expect(fromApi).toEqual([expect.stringContaining("lib/, components/ and api/ are shared")]);
  });

  it("refuses common importing the server", async () => {
    const errors = await layeringErrors("common/layering-probe.ts", 'import { buildApp } from "../server/app";\nexport const probe = buildApp;\n');
    expect(errors).toEqual([expect.stringContaining("common/ is shared")]);
  });
});

describe("the server's order (docs/decisions/0051-the-server-order.md)", WHOLE_GRAPH, () => {
  const ORDER = "may import only what stands below it in the server's order";

  it("refuses a domain importing the HTTP layer, type imports too", async () => {
    const value = await layeringErrors("server/jobs/layering-probe.ts", 'import { HttpError } from "../http/errors";\nexport const probe = HttpError;\n');
    const type = await layeringErrors("server/media/layering-probe.ts", 'import type { HttpError } from "../http/errors";\nexport type Probe = HttpError;\n');
    expect(value).toEqual([expect.stringContaining(`server/jobs ${ORDER}`)]);
    expect(type).toEqual([expect.stringContaining(`server/media ${ORDER}`)]);
  });

  it("refuses an engine importing a domain", async () => {
    const errors = await layeringErrors("server/mail/layering-probe.ts", 'import { listJobs } from "../jobs/read-jobs";\nexport const probe = listJobs;\n');
    expect(errors).toEqual([expect.stringContaining(`server/mail ${ORDER}`)]);
  });

  it("refuses a domain importing one above it, and the configuration importing anything", async () => {
    const jobs = await layeringErrors(
      "server/jobs/layering-probe.ts",
      'import { listFindings } from "../findings/read-findings";\nexport const probe = listFindings;\n',
    );
    const config = await layeringErrors("server/config.ts", 'import { listJobs } from "./jobs/read-jobs";\nexport const probe = listJobs;\n');
    expect(jobs).toEqual([expect.stringContaining(`server/jobs ${ORDER}`)]);
    expect(config).toEqual([expect.stringContaining(`server/config.ts, server/domain-errors.ts ${ORDER}`)]);
  });

  it("places every folder of server/ in the order: each refuses an import of a route", async () => {
    const folders = (await readdir("server", { withFileTypes: true })).filter((entry) => entry.isDirectory() && !["routes", "testing"].includes(entry.name));
    expect(folders.length).toBeGreaterThanOrEqual(20);
    for (const folder of folders) {
      const errors = await layeringErrors(
        `server/${folder.name}/layering-probe.ts`,
        'import { healthRoutes } from "../routes/health";\nexport const probe = healthRoutes;\n',
      );
      expect({ folder: folder.name, errors }).toEqual({ folder: folder.name, errors: [expect.stringContaining(ORDER)] });
    }
  });

  it("refuses a route importing another route", async () => {
    const errors = await layeringErrors("server/routes/admin/layering-probe.ts", 'import { jobRoutes } from "../jobs";\nexport const probe = jobRoutes;\n');
    expect(errors).toEqual([expect.stringContaining("A route imports no other route")]);
  });

  it("lets a folder import those below it, and a test import anything", async () => {
    const findings = await layeringErrors(
      "server/findings/layering-probe.ts",
      'import { listJobs } from "../jobs/read-jobs";\nexport const probe = listJobs;\n',
    );
    const route = await layeringErrors(
      "server/routes/layering-probe.ts",
      'import { listFindings } from "../findings/read-findings";\nexport const probe = listFindings;\n',
    );
    const test = await layeringErrors("server/db/layering-probe.test.ts", 'import { buildApp } from "../app";\nexport const probe = buildApp;\n');
    expect([...findings, ...route, ...test]).toEqual([]);
  });
});

describe("the import cycle rule", WHOLE_GRAPH, () => {
  // The dialog imports its trigger; a trigger that imported the dialog back would close a cycle.
  const trigger = "client/src/features/admin/jobs/add-map-layer-trigger.tsx";

  it("refuses a static import that closes a cycle, in TypeScript files too", async () => {
    const errors = await cycleErrors(trigger, 'import { AddMapLayerDialog } from "./add-map-layer-dialog";\nexport const probe = AddMapLayerDialog;\n');
    expect(errors).toEqual([expect.stringContaining("Dependency cycle")]);
  });

  it("refuses a dynamic import() that closes a cycle", async () => {
    const errors = await cycleErrors(trigger, 'export const probe = () => import("./add-map-layer-dialog");\n');
    expect(errors).toEqual([expect.stringContaining("Dependency cycle")]);
  });

  it("refuses a cycle between server folders' files", async () => {
    const errors = await cycleErrors("server/http/id-params.ts", 'import { jobRoutes } from "../routes/jobs";\nexport const probe = jobRoutes;\n');
    expect(errors).toEqual([expect.stringContaining("Dependency cycle")]);
  });

  it("lets the trigger stand alone", async () => {
    const errors = await cycleErrors(trigger, 'export const probe = "no import";\n');
    expect(errors).toEqual([]);
  });
});

describe("the type-import cycle check (scripts/import-cycles.mjs)", () => {
  /** The cycles among files written in a directory of their own. */
  async function cyclesOf(files: Record<string, string>): Promise<string[][]> {
    const dir = await mkdtemp(path.join(os.tmpdir(), "skyvantage-cycles-"));
    try {
      await writeFile(path.join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: { module: "esnext", moduleResolution: "bundler" } }));
      for (const [name, code] of Object.entries(files)) await writeFile(path.join(dir, name), code);
      return importCycles(
        dir,
        Object.keys(files).map((name) => path.join(dir, name)),
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  it("finds a cycle closed by a type-only import, which ESLint's no-cycle lets off", async () => {
    const cycles = await cyclesOf({
      "notifier.ts": 'import { calendar } from "./calendar";\nexport interface Notifier { at: typeof calendar }\n',
      "calendar.ts": 'import type { Notifier } from "./notifier";\nexport const calendar = (notifier?: Notifier) => notifier;\n',
    });
    expect(cycles).toEqual([["calendar.ts", "notifier.ts"]]);
  });

  it("finds a cycle closed by a dynamic import() in a component file", async () => {
    const cycles = await cyclesOf({
      "send-button.tsx": 'export const loadDialog = () => import("./send-dialog");\n',
      "send-dialog.tsx": 'import { loadDialog } from "./send-button";\nexport const SendDialog = () => <p>{String(loadDialog)}</p>;\n',
    });
    expect(cycles).toEqual([["send-button.tsx", "send-dialog.tsx"]]);
  });

  it("finds none where imports run one way", async () => {
    const cycles = await cyclesOf({ "a.ts": 'import type { B } from "./b";\nexport type A = B;\n', "b.ts": "export type B = number;\n" });
    expect(cycles).toEqual([]);
  });

  it("finds none in the tree", () => {
    expect(importCycles(process.cwd())).toEqual([]);
  });
});
