// Writes client/src/lib/tailwind-merge-config.ts (issue 20): tailwind-merge's own configuration,
// cut down to the class groups the client's source uses. The library's full configuration is about
// 8 KB of the home page's JavaScript (gzip), almost all of it groups this site never writes
// (379 groups; the site uses about a hundred). tailwind-merge is built for this: createTailwindMerge
// takes any configuration, and a group left out only means its classes are kept as written.
// The output is generated, never edited: `npm run gen:tailwind-merge` rewrites it, and
// scripts/tailwind-merge-config.test.ts fails when it no longer matches the source or when the cut
// configuration merges any two of the site's classes differently from the full one.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createTailwindMerge, getDefaultConfig, validators } from "tailwind-merge";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const CONFIG_FILE = path.join(ROOT, "client/src/lib/tailwind-merge-config.ts");
const SOURCE_DIR = path.join(ROOT, "client/src");

/** Every whitespace-separated word inside a string literal of the client's source (tests and this output excepted). */
export function sourceWords(dir = SOURCE_DIR) {
  const words = new Set();
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name) || file === CONFIG_FILE) continue;
    const text = readFileSync(file, "utf8");
    for (const literal of text.matchAll(/"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'|`((?:[^`\\]|\\.)*)`/g)) {
      for (const word of (literal[1] ?? literal[2] ?? literal[3]).split(/\s+/)) if (word) words.add(word);
    }
  }
  return [...words].sort();
}

/** The groups of the full configuration that at least one of `words` belongs to, in the configuration's order. */
export function usedGroups(words, config = getDefaultConfig()) {
  const used = [];
  for (const [group, definition] of Object.entries(config.classGroups)) {
    // With this group alone, a class of it written twice comes back once; any other word stays doubled.
    const merge = createTailwindMerge(() => ({
      ...config,
      cacheSize: 0,
      classGroups: { [group]: definition },
      conflictingClassGroups: {},
      conflictingClassGroupModifiers: {},
      postfixLookupClassGroups: [],
    }));
    if (words.some((word) => merge(`${word} ${word}`) === word)) used.push(group);
  }
  return used;
}

const validatorNames = new Map(Object.entries(validators).map(([name, fn]) => [fn, name]));

/** The theme key a fromTheme() getter reads. */
function themeKey(getter) {
  let key;
  getter(new Proxy({}, { get: (_target, property) => ((key = String(property)), []) }));
  return key;
}

function serialise(value, themeKeys) {
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value === "function") {
    if (value.isThemeGetter) {
      const key = themeKey(value);
      themeKeys.add(key);
      return `theme(${JSON.stringify(key)})`;
    }
    const name = validatorNames.get(value);
    if (!name) throw new Error(`tailwind-merge's configuration holds a function that is neither a validator nor a theme getter: ${value}`);
    return `v.${name}`;
  }
  if (Array.isArray(value)) return `[${value.map((item) => serialise(item, themeKeys)).join(", ")}]`;
  return `{ ${Object.entries(value)
    .map(([key, item]) => `${JSON.stringify(key)}: ${serialise(item, themeKeys)}`)
    .join(", ")} }`;
}

/** The TypeScript source of the cut configuration for the groups `groups`. */
export function configSource(groups, config = getDefaultConfig()) {
  const keep = new Set(groups);
  const themeKeys = new Set();
  const classGroups = groups.map((group) => `    ${JSON.stringify(group)}: ${serialise(config.classGroups[group], themeKeys)},`);
  const conflicts = Object.entries(config.conflictingClassGroups)
    .filter(([group]) => keep.has(group))
    .map(([group, others]) => [group, others.filter((other) => keep.has(other))])
    .filter(([, others]) => others.length > 0)
    .map(([group, others]) => `    ${JSON.stringify(group)}: ${JSON.stringify(others)},`);
  const modifierConflicts = Object.entries(config.conflictingClassGroupModifiers)
    .filter(([group]) => keep.has(group))
    .map(([group, others]) => `    ${JSON.stringify(group)}: ${JSON.stringify(others.filter((other) => keep.has(other)))},`);
  // Theme values may name other theme keys: serialise until no new key appears.
  const theme = new Map();
  for (let pending = [...themeKeys]; pending.length > 0; pending = [...themeKeys].filter((key) => !theme.has(key))) {
    for (const key of pending) theme.set(key, serialise(config.theme[key] ?? [], themeKeys));
  }
  const themeLines = [...theme.keys()].sort().map((key) => `    ${JSON.stringify(key)}: ${theme.get(key)},`);
  return `// Generated by scripts/tailwind-merge-config.mjs (npm run gen:tailwind-merge): do not edit.
// tailwind-merge's default configuration cut to the ${groups.length} class groups client/src uses, of ${Object.keys(config.classGroups).length}.
// scripts/tailwind-merge-config.test.ts fails when it is stale or merges a pair of the site's classes
// differently from the full configuration.
import { createTailwindMerge, fromTheme as theme, validators as v } from "tailwind-merge";

export const twMerge = createTailwindMerge(() => ({
  cacheSize: ${config.cacheSize},
  theme: {
${themeLines.join("\n")}
  },
  classGroups: {
${classGroups.join("\n")}
  },
  conflictingClassGroups: {
${conflicts.join("\n")}
  },
  conflictingClassGroupModifiers: {
${modifierConflicts.join("\n")}
  },
  postfixLookupClassGroups: ${JSON.stringify(config.postfixLookupClassGroups.filter((group) => keep.has(group)))},
  orderSensitiveModifiers: ${JSON.stringify(config.orderSensitiveModifiers)},
}));
`;
}

/** The source CONFIG_FILE should hold for the client as it is. */
export function generate() {
  return configSource(usedGroups(sourceWords()));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(CONFIG_FILE, generate());
  console.log(`wrote ${path.relative(ROOT, CONFIG_FILE)}`);
}

