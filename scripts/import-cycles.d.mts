/** The import cycles among `files` (by default the tree's source files, tests left out), type-only imports included, each as its files relative to `root`. */
export function importCycles(root: string, files?: string[]): string[][];
