import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

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

describe("the layering lint rules (docs/decisions/0019-folder-layout.md)", WHOLE_GRAPH, () => {
  it("refuses a feature importing another feature", async () => {
    const errors = await layeringErrors(
      "client/src/features/admin/layering-probe.ts",
      'import HomePage from "@/features/marketing/home/home-page";\nexport const probe = HomePage;\n',
    );
    expect(errors).toEqual([expect.stringContaining("A feature imports only itself")]);
  });

  it("lets a feature import its own files, lib and components", async () => {
    const errors = await layeringErrors(
      "client/src/features/marketing/layering-probe.ts",
      'import HomePage from "@/features/marketing/home/home-page";\nimport { cn } from "@/lib/utils";\nexport const probe = [HomePage, cn];\n',
    );
    expect(errors).toEqual([]);
  });

  it("refuses lib or components importing a feature or the app", async () => {
    const fromLib = await layeringErrors("client/src/lib/layering-probe.ts", 'import HomePage from "@/features/marketing/home/home-page";\nexport const probe = HomePage;\n');
    const fromComponents = await layeringErrors("client/src/components/ui/layering-probe.ts", 'import { App } from "@/app/app";\nexport const probe = App;\n');
    expect(fromLib).toEqual([expect.stringContaining("lib/ and components/ are shared")]);
    expect(fromComponents).toEqual([expect.stringContaining("lib/ and components/ are shared")]);
  });

  it("refuses an adapter importing the HTTP layer", async () => {
    const errors = await layeringErrors("server/storage/layering-probe.ts", 'import * as routes from "../routes/health";\nexport const probe = routes;\n');
    expect(errors).toEqual([expect.stringContaining("Adapters import nothing from the HTTP layer")]);
  });

  it("refuses common importing the server", async () => {
    const errors = await layeringErrors("common/layering-probe.ts", 'import { buildApp } from "../server/app";\nexport const probe = buildApp;\n');
    expect(errors).toEqual([expect.stringContaining("common/ is shared")]);
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
