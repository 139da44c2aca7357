// Every import cycle among the source files, type-only imports included: ESLint's import-x/no-cycle
// lets `import type` off, and a cycle through types still ties two files to each other's changes.
// A dynamic import() counts too (preProcessFile lists it): a dialog or a page loaded on demand that
// imports its loader back closes a cycle all the same.
// `npm run lint` runs this after ESLint; it prints each cycle and fails when there is one.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

/** The source files of `root` whose imports count: tests and test helpers set scenes and are left out. */
function sourceFiles(root) {
  const listed = execFileSync("git", ["ls-files", "server/*.ts", "client/src/*.ts", "client/src/*.tsx", "common/*.ts"], { cwd: root, encoding: "utf8" });
  return listed
    .split("\n")
    .filter((file) => file && !/\.test\.tsx?$/.test(file) && !file.startsWith("server/testing/"))
    .map((file) => path.resolve(root, file));
}

/** The cycles among `files`, each as its files (paths relative to `root`), found through `tsconfig` of `root`. */
export function importCycles(root, files = sourceFiles(root)) {
  const config = ts.parseJsonConfigFileContent(ts.readConfigFile(path.join(root, "tsconfig.json"), ts.sys.readFile).config, ts.sys, root);
  const known = new Set(files);
  const imports = new Map();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, "utf8"), true, true);
    const targets = importedFiles.map((imported) => ts.resolveModuleName(imported.fileName, file, config.options, ts.sys).resolvedModule?.resolvedFileName);
    imports.set(file, [...new Set(targets.filter((target) => target && known.has(path.resolve(target))).map((target) => path.resolve(target)))]);
  }
  // Tarjan's strongly connected components: a component of two or more files is a cycle.
  let next = 0;
  const index = new Map();
  const lowest = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  const visit = (file) => {
    index.set(file, next);
    lowest.set(file, next++);
    stack.push(file);
    onStack.add(file);
    for (const target of imports.get(file)) {
      if (!index.has(target)) {
        visit(target);
        lowest.set(file, Math.min(lowest.get(file), lowest.get(target)));
      } else if (onStack.has(target)) lowest.set(file, Math.min(lowest.get(file), index.get(target)));
    }
    if (lowest.get(file) !== index.get(file)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(path.relative(root, member));
    } while (member !== file);
    if (component.length > 1 || imports.get(file).includes(file)) cycles.push(component.sort());
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return cycles;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const cycles = importCycles(process.cwd());
  for (const cycle of cycles) console.error(`Import cycle (type imports included): ${cycle.join(" ⇄ ")}`);
  process.exit(cycles.length === 0 ? 0 : 1);
}
