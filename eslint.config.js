import fs from "node:fs";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const features = fs
  .readdirSync("client/src/features", { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The client's layering (docs/architecture.md §2), held by lint rather than goodwill:
 * a feature imports only itself; lib, components and api (the calls and query keys that
 * features share) import no feature and no app code, so what two features share never
 * reaches back into one of them; common is imported by both sides and imports neither.
 */
const layers = [
  ...features.map((feature) => ({
    target: `./client/src/features/${feature}`,
    from: "./client/src/features",
    except: [`./${feature}`],
    message: "A feature imports only itself: move what two features share to api/, lib/, components/ or common/.",
  })),
  {
    target: ["./client/src/lib", "./client/src/components", "./client/src/api"],
    from: ["./client/src/features", "./client/src/app"],
    message: "lib/, components/ and api/ are shared: they may not import a feature or the app.",
  },
  { target: "./client/src/features", from: "./client/src/app", message: "The app composes features; features do not import the app." },
  { target: "./common", from: ["./client", "./server"], message: "common/ is shared by client and server and imports neither." },
  { target: "./client", from: "./server", message: "The client never imports server code." },
  { target: "./server", from: "./client", message: "The server never imports client code (shared code lives in common/)." },
];

/**
 * The server's folders, lowest first (docs/decisions/0051-the-server-order.md): each imports only
 * what stands before it in this list, so no folder imports another that imports it back. Engines
 * know no domain; domains know nothing of HTTP (they throw a DomainError); what gathers several
 * domains sits above them; routes and the entry points sit on top. Tests and server/testing/ are
 * outside the order: they may import anything to set a scene.
 */
const SERVER_ORDER = [
  // Engines: no domain in them.
  ["config.ts", "domain-errors.ts"],
  ["db"],
  ["storage"],
  ["queue"],
  ["processes"],
  ["pdf"],
  ["mail"],
  ["uploads"],
  // The business's own settings, which every domain reads.
  ["settings"],
  // Domains, each above the ones it builds on.
  ["auth"],
  ["site-content"],
  ["site-pages"],
  ["site-images"],
  ["billing"],
  ["payments"],
  ["media"],
  ["jobs"],
  ["operator-records"],
  ["flights"],
  ["contact"],
  ["map-layers"],
  ["findings"],
  ["estimates"],
  ["invoices"],
  ["case-studies"],
  // What gathers several domains.
  ["customers"],
  ["follow-up"],
  ["deliverables"],
  ["share-links"],
  ["inspection-report"],
  // The web: HTTP plumbing, the client's pages, the routes.
  ["http"],
  ["site"],
  ["routes"],
  // The entry points, which compose the rest.
  ["app.ts", "tasks.ts", "index.ts", "worker.ts", "worker-process.ts", "migrate.ts", "node-task-entry.ts"],
].map((level) => level.map((name) => `./server/${name}`));

const serverOrder = [
  ...SERVER_ORDER.slice(0, -1).map((level, rank) => ({
    target: level,
    from: SERVER_ORDER.slice(rank + 1).flat(),
    message: `${level.map((path) => path.slice(2)).join(", ")} may import only what stands below it in the server's order (eslint.config.js, docs/decisions/0051-the-server-order.md): move the code up, or hand it in from above.`,
  })),
  {
    target: "./server/routes",
    from: "./server/routes",
    message: "A route imports no other route: what two routes share (a read model, a rule) belongs to the domain below them.",
  },
];

export default tseslint.config(
  { ignores: ["dist", "node_modules", "data", "test-results", "playwright-report", ".bench"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    files: ["client/**/*.{ts,tsx}", "common/**/*.ts", "server/**/*.ts"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
      // The files import-x reads to follow imports onward. Its default is JavaScript only, and then
      // no-cycle resolves an import to a .ts or .tsx file, declines to read it and finds no cycle at all.
      "import-x/extensions": [".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs"],
    },
    rules: {
      "import-x/no-restricted-paths": ["error", { zones: layers }],
      // A dynamic import() closes a cycle as surely as a static one (a *-button.tsx loading its dialog
      // while the dialog imports the button back), so it is not let off; `import type` is, being erased.
      "import-x/no-cycle": ["error", { allowUnsafeDynamicCyclicDependency: false }],
    },
  },
  {
    // The server's own code keeps the server's order besides the layering above (a rule's options
    // are replaced, not merged, by a later block, so both lists are given here).
    files: ["server/**/*.ts"],
    ignores: ["server/**/*.test.ts", "server/testing/**"],
    rules: { "import-x/no-restricted-paths": ["error", { zones: [...layers, ...serverOrder] }] },
  },
  {
    files: ["client/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
);
