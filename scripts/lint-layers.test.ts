import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: process.cwd() });

/** Lints `code` as if it were the file at `filePath`, and answers the layering messages it earns. */
async function layeringErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === "import-x/no-restricted-paths").map((m) => m.message);
}

describe("the layering lint rules (docs/decisions/0019-folder-layout.md)", () => {
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
