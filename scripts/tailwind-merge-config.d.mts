/** client/src/lib/tailwind-merge-config.ts, which the generator writes. */
export const CONFIG_FILE: string;

/** Every whitespace-separated word inside a string literal of the client's source (tests and the output excepted). */
export function sourceWords(dir?: string): string[];

/** The source the cut configuration should hold for the client as it is. */
export function generate(): string;
