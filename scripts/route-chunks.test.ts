import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { pageChunks, routerPages } from "./route-chunks.mjs";

describe("the chunks of each page", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "skyvantage-route-chunks-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // A router as client/src/app/router.tsx writes it, over real modules of the client.
  const routerFile = path.join(dir, "router.tsx");
  writeFileSync(
    routerFile,
    `import HomePage from "@/features/marketing/home/home-page";
const JobPage = screen(() => import("@/features/jobs/job-page"));
// Two modules at once.
const DashboardPage = screen(async () => {
  const [{ default: Dashboard }, { JobsPanel }] = await Promise.all([
    import("@/features/dashboard/dashboard-page"),
    import("@/features/jobs/jobs-panel"),
  ]);
  return { default: () => <Dashboard JobsPanel={JobsPanel} /> };
});

const SCREENS = {
  "/": HomePage,
  "/dashboard": DashboardPage,
  "/dashboard/jobs/:id": JobPage,
};
`,
  );

  function writeManifest(manifest: object): string {
    const clientDir = path.join(dir, `client-${Math.random().toString(36).slice(2)}`);
    mkdirSync(path.join(clientDir, ".vite"), { recursive: true });
    writeFileSync(path.join(clientDir, ".vite/manifest.json"), JSON.stringify(manifest));
    return clientDir;
  }

  const manifest = {
    "index.html": { file: "assets/index.js", isEntry: true, imports: ["_shared.js"], dynamicImports: ["src/start.tsx"] },
    "_shared.js": { file: "assets/shared.js" },
    // The app, which the entry imports once the page has painted.
    "src/start.tsx": { file: "assets/start.js", src: "src/start.tsx", isDynamicEntry: true, imports: ["_shared.js", "_react.js"] },
    "_react.js": { file: "assets/react.js" },
    "_api.js": { file: "assets/api.js", imports: ["_zod.js", "_shared.js"] },
    "_zod.js": { file: "assets/zod.js" },
    "src/features/jobs/job-page.tsx": { file: "assets/job-page.js", src: "src/features/jobs/job-page.tsx", isDynamicEntry: true, imports: ["_api.js"] },
    "src/features/dashboard/dashboard-page.tsx": {
      file: "assets/dashboard.js",
      src: "src/features/dashboard/dashboard-page.tsx",
      isDynamicEntry: true,
      imports: ["_api.js"],
    },
    "src/features/jobs/jobs-panel.tsx": { file: "assets/jobs-panel.js", src: "src/features/jobs/jobs-panel.tsx", isDynamicEntry: true },
  };

  it("reads each route's page from the router, every module a screen's loader imports", () => {
    const pages = routerPages(routerFile);
    expect(pages.get("/")).toEqual({ src: "src/features/marketing/home/home-page.tsx", lazy: false });
    expect(pages.get("/dashboard/jobs/:id")).toMatchObject({ srcs: ["src/features/jobs/job-page.tsx"], lazy: true });
    expect(pages.get("/dashboard")).toMatchObject({
      src: "src/features/dashboard/dashboard-page.tsx",
      srcs: ["src/features/dashboard/dashboard-page.tsx", "src/features/jobs/jobs-panel.tsx"],
    });
  });

  it("names the files a lazy page needs beyond the entry's, the app's and its static imports included", () => {
    const chunks = pageChunks(writeManifest(manifest), routerFile);
    expect(Object.keys(chunks).sort()).toEqual(["/dashboard", "/dashboard/jobs/:id"]);
    expect(chunks["/dashboard/jobs/:id"]?.sort()).toEqual(["assets/api.js", "assets/job-page.js", "assets/react.js", "assets/start.js", "assets/zod.js"]);
    expect(chunks["/dashboard"]?.sort()).toEqual([
      "assets/api.js",
      "assets/dashboard.js",
      "assets/jobs-panel.js",
      "assets/react.js",
      "assets/start.js",
      "assets/zod.js",
    ]);
  });

  it("fails the build when a page has no chunk in the manifest", () => {
    const { "src/features/jobs/jobs-panel.tsx": _missing, ...without } = manifest;
    expect(() => pageChunks(writeManifest(without), routerFile)).toThrow("/dashboard: the manifest has no chunk for src/features/jobs/jobs-panel.tsx");
  });

  it("reads the real router: every page but the home page is in a chunk of its own", () => {
    const pages = routerPages();
    expect(pages.get("/")?.lazy).toBe(false);
    // The job's page with what the findings feature hands it (its site map, pins and table; the hot-spot candidates), composed in one module.
    expect(pages.get("/admin-dashboard/jobs/:id")).toEqual({
      src: "src/app/screens/admin-job-screen.tsx",
      srcs: ["src/app/screens/admin-job-screen.tsx"],
      lazy: true,
    });
  });
});
