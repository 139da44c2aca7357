import type { RichText } from "@common/site-pages";

/**
 * Rich text as the editor's plain text: a paragraph per block, blocks separated by a blank line, a
 * list's items one per line. Emphasis and links are not shown; a text left as it was keeps them
 * (richTextFrom), since the form sends the loaded value back.
 */
export function paragraphsOf(text: RichText): string {
  const words = (runs: readonly { text: string }[]) => runs.map((run) => run.text).join("");
  return text.map((block) => (block.type === "paragraph" ? words(block.runs) : block.items.map(words).join("\n"))).join("\n\n");
}

/**
 * The editor's plain text as rich text: each block between blank lines a paragraph of one run, its
 * line breaks spaces (a paragraph is one line in the model). `loaded` is kept as it was when the
 * text shows it unchanged, its emphasis, links and lists included.
 */
export function richTextFrom(typed: string, loaded?: RichText): RichText {
  if (loaded && typed === paragraphsOf(loaded)) return loaded;
  return typed
    .split(/\n\s*\n/)
    .map((block) => block.replace(/\s*\n\s*/g, " ").trim())
    .filter((block) => block !== "")
    .map((block) => ({ type: "paragraph", runs: [{ text: block }] }));
}
