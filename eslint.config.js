import fs from "node:fs";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const features = fs.readdirSync("client/src/features", { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);

/**
 * The layering of docs/decisions/0019-folder-layout.md, held by lint rather than goodwill:
 * a feature imports only itself; lib and components import no feature and no app code;
 * common is imported by both sides and imports neither; adapters never reach into the HTTP layer.
 */
const layers = [
  ...features.map((feature) => ({
    target: `./client/src/features/${feature}`,
    from: "./client/src/features",
    except: [`./${feature}`],
    message: "A feature imports only itself: move what two features share to lib/, components/ or common/.",
  })),
  {
    target: ["./client/src/lib", "./client/src/components"],
    from: ["./client/src/features", "./client/src/app"],
    message: "lib/ and components/ are shared: they may not import a feature or the app.",
  },
  { target: "./client/src/features", from: "./client/src/app", message: "The app composes features; features do not import the app." },
  { target: "./common", from: ["./client", "./server"], message: "common/ is shared by client and server and imports neither." },
  { target: "./client", from: "./server", message: "The client never imports server code." },
  { target: "./server", from: "./client", message: "The server never imports client code (shared code lives in common/)." },
  {
    target: ["./server/storage", "./server/payments", "./server/uploads", "./server/db", "./server/queue", "./server/mail", "./server/jobs"],
    from: ["./server/http", "./server/routes"],
    message: "Adapters import nothing from the HTTP layer: throw a domain error and let server/http map it.",
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
    files: ["client/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
);
