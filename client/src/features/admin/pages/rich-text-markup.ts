import type { RichText } from "@common/site-pages";

type Run = { text: string; emphasis?: boolean; link?: string };
type Block = RichText[number];

/**
 * The rich text fields' markup, as the help line under each says. The model stores rich text as
 * data (paragraphs and lists of runs, common/site-pages.ts); an owner edits it as this small text,
 * so emphasis and links survive an edit instead of being flattened to plain words:
 * - a blank line separates paragraphs; the lines of one paragraph are joined by spaces;
 * - lines starting with "- " form a list; a block starting with "1. " is a numbered one;
 * - *emphasis* between stars that touch the words, [label](https://…) a link, *[label](…)* both;
 * - a backslash before a sign keeps it as typed (\*, \[).
 * Anything that does not form markup ("5 * 3", "[draft]", "a*b") stays as typed. The link's
 * address is not judged here: the model refuses the unsafe ones (javascript:, data:, //host) and
 * the form shows its reason under the field.
 */
export const MARKUP_HINT = "A blank line starts a new paragraph; lines starting with “- ” make a list; *emphasis*; [label](https://…) makes a link.";

const PUNCTUATION = /[!-/:-@[-`{-~]/;
const isSpace = (char: string | undefined) => char === undefined || /\s/.test(char);
const isWordChar = (char: string | undefined) => char !== undefined && /[\p{L}\p{N}]/u.test(char);

/** The text with its escapes read: "\*" is "*". */
const unescaped = (text: string) => text.replace(/\\([!-/:-@[-`{-~])/g, "$1");

/** A link starting at `at` ("[label](href)"): its label as typed, its address and where it ends; null when the text there is not one. */
function linkAt(text: string, at: number): { label: string; href: string; end: number } | null {
  if (text[at] !== "[") return null;
  let index = at + 1;
  while (index < text.length && text[index] !== "]") {
    if (text[index] === "[") return null;
    index += text[index] === "\\" && PUNCTUATION.test(text[index + 1] ?? "") ? 2 : 1;
  }
  const label = text.slice(at + 1, index);
  if (index >= text.length || text[index + 1] !== "(" || label.trim() === "") return null;
  // An address without spaces, its parentheses balanced ("https://en.wikipedia.org/wiki/Drone_(UAV)").
  const address = /^[^\s()]*(?:\([^\s()]*\)[^\s()]*)*\)/.exec(text.slice(index + 2));
  if (!address || address[0] === ")") return null;
  return { label, href: address[0].slice(0, -1), end: index + 2 + address[0].length };
}

/** Where the emphasis opened at `at` closes: the next star that follows a non-space and is not followed by a letter, outside links. */
function emphasisEnd(text: string, at: number): number | null {
  if (isSpace(text[at + 1]) || isWordChar(text[at - 1]) || text[at + 1] === "*") return null;
  let index = at + 1;
  while (index < text.length) {
    const char = text[index]!;
    if (char === "\\" && PUNCTUATION.test(text[index + 1] ?? "")) index += 2;
    else if (char === "[") index = linkAt(text, index)?.end ?? index + 1;
    else if (char === "*" && !isSpace(text[index - 1]) && !isWordChar(text[index + 1])) return index;
    else index += 1;
  }
  return null;
}

/** Adjacent runs with the same marks as one, the way the markup prints them. */
function merged(runs: readonly Run[]): Run[] {
  const out: Run[] = [];
  for (const run of runs) {
    const last = out.at(-1);
    if (last && Boolean(last.emphasis) === Boolean(run.emphasis) && last.link === run.link) last.text += run.text;
    else out.push({ ...run });
  }
  return out;
}

function runsIn(text: string, emphasis: boolean): Run[] {
  const runs: Run[] = [];
  let plain = "";
  const mark = (run: Run): Run => (emphasis ? { ...run, emphasis: true } : run);
  const flush = () => {
    if (plain !== "") runs.push(mark({ text: plain }));
    plain = "";
  };
  let index = 0;
  while (index < text.length) {
    const char = text[index]!;
    if (char === "\\" && PUNCTUATION.test(text[index + 1] ?? "")) {
      plain += text[index + 1];
      index += 2;
      continue;
    }
    const link = char === "[" ? linkAt(text, index) : null;
    if (link) {
      flush();
      runs.push(mark({ text: unescaped(link.label), link: link.href }));
      index = link.end;
      continue;
    }
    const end = char === "*" && !emphasis ? emphasisEnd(text, index) : null;
    if (end !== null) {
      flush();
      runs.push(...runsIn(text.slice(index + 1, end), true));
      index = end + 1;
      continue;
    }
    plain += char;
    index += 1;
  }
  flush();
  return runs;
}

/** One line of markup as the model's runs. */
const runsOf = (line: string): Run[] => merged(runsIn(line, false));

const UNORDERED = /^-(?: |$)/;
const ORDERED = /^\d+\. (?=\S)/;

type Pending = { type: "paragraph"; lines: string[] } | { type: "list"; ordered: boolean; items: string[] };

/** The markup as the model's rich text: blocks between blank lines, each paragraphs and lists. */
export function parseMarkup(markup: string): RichText {
  const blocks: Block[] = [];
  for (const chunk of markup.replace(/\r\n?/g, "\n").split(/\n[ \t]*\n/)) {
    const pending: Pending[] = [];
    for (const line of chunk.split("\n").map((raw) => raw.trim())) {
      if (line === "") continue;
      const last = pending.at(-1);
      // A numbered line starts a list only at the top of a block or under another numbered item, so
      // a year at the start of a wrapped line ("2026. A good year") stays in its paragraph.
      const ordered = ORDERED.test(line) && (last === undefined || (last.type === "list" && last.ordered));
      if (ordered || UNORDERED.test(line)) {
        const item = line.replace(ordered ? ORDERED : UNORDERED, "").trim();
        if (last?.type === "list" && last.ordered === ordered) last.items.push(item);
        else pending.push({ type: "list", ordered, items: [item] });
      } else if (last?.type === "list") {
        // A line under an item goes on with it.
        last.items.push(`${last.items.pop()!} ${line}`.trim());
      } else if (last?.type === "paragraph") last.lines.push(line);
      else pending.push({ type: "paragraph", lines: [line] });
    }
    for (const block of pending) {
      blocks.push(
        block.type === "paragraph"
          ? { type: "paragraph", runs: runsOf(block.lines.join(" ")) }
          : { type: "list", ordered: block.ordered, items: block.items.map(runsOf) },
      );
    }
  }
  return blocks;
}

// ---- Printing ----

/** Every sign that could form markup, escaped. */
const escapedAll = (text: string) => text.replace(/[\\*[\]]/g, "\\$&");

const ADDRESS = /^[^\s()]*(?:\([^\s()]*\)[^\s()]*)*$/;

/**
 * An address as the markup can hold it: one with spaces or unbalanced parentheses, which the model
 * takes, has them percent-encoded, the same address to a browser.
 */
const printableHref = (href: string) =>
  ADDRESS.test(href) ? href : href.replace(/[\s()]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`);

function printRuns(runs: readonly Run[], escape: (text: string) => string): string {
  return runs
    .map((run) => {
      const body = run.link ? `[${escape(run.text)}](${printableHref(run.link)})` : escape(run.text);
      if (!run.emphasis) return body;
      // The stars touch the words: the spaces around an emphasised piece are printed outside it.
      if (run.link) return `*${body}*`;
      const [, before, inner, after] = /^(\s*)([\s\S]*?)(\s*)$/.exec(body)!;
      return `${before}*${inner}*${after}`;
    })
    .join("");
}

const normalised = (run: Run): Run => ({ text: run.text, ...(run.emphasis ? { emphasis: true } : {}), ...(run.link !== undefined ? { link: run.link } : {}) });
const sameRuns = (a: readonly Run[], b: readonly Run[]) => JSON.stringify(merged(a.map(normalised))) === JSON.stringify(merged(b.map(normalised)));

/** A line of runs as markup: as written when that reads back the same, else with its signs escaped. */
function printLine(runs: readonly Run[]): string {
  const plain = printRuns(runs, (text) => text);
  return sameRuns(runsOf(plain), runs) ? plain : printRuns(runs, escapedAll);
}

/** A paragraph whose words would read as a list item keeps them as words: "\- " and "1\. ". */
const asParagraph = (line: string) => line.replace(/^-(?= |$)/, "\\-").replace(/^(\d+)\.(?= \S)/, "$1\\.");

/** The model's rich text as markup: what parseMarkup reads back as the same text. */
export function printMarkup(text: RichText): string {
  return text
    .map((block) => {
      if (block.type === "paragraph") return asParagraph(printLine(block.runs));
      return block.items.map((item, index) => `${block.ordered ? `${index + 1}.` : "-"} ${printLine(item)}`).join("\n");
    })
    .join("\n\n");
}

/**
 * The typed markup as rich text. `loaded` is kept as it was when the text prints it unchanged, so
 * a draft whose words were not touched is sent exactly as it was loaded.
 */
export function richTextFrom(typed: string, loaded?: RichText): RichText {
  if (loaded && typed === printMarkup(loaded)) return loaded;
  return parseMarkup(typed);
}
