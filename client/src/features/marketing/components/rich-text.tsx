import { Fragment } from "react";
import type { RichText as RichTextValue } from "@common/site-pages";
import { cn } from "@/lib/utils";

type Runs = Extract<RichTextValue[number], { type: "paragraph" }>["runs"];

function RunsView({ runs }: { runs: Runs }) {
  return runs.map((run, index) => {
    const text = run.emphasis ? <em>{run.text}</em> : run.text;
    if (!run.link) return <Fragment key={index}>{text}</Fragment>;
    // A page of this site opens in place; another site's page in a new tab, telling it nothing of this one.
    const external = !run.link.startsWith("/");
    return (
      <a
        key={index}
        href={run.link}
        className="text-primary underline underline-offset-4"
        {...(external && /^https?:/.test(run.link) ? { target: "_blank", rel: "noopener noreferrer" } : {})}
      >
        {text}
      </a>
    );
  });
}

/**
 * A page document's rich text (docs/decisions/0061-site-pages.md): paragraphs and lists built as
 * elements, so whatever the text holds shows as text. Nothing when it is empty; one paragraph
 * takes `className` itself, so a one-paragraph intro is the <p> it always was.
 */
export function RichText({ value, className }: { value: RichTextValue; className?: string }) {
  if (!value.length) return null;
  const blocks = value.map((block, index) => {
    if (block.type === "paragraph")
      return (
        <p key={index} className={value.length === 1 ? className : undefined}>
          <RunsView runs={block.runs} />
        </p>
      );
    const List = block.ordered ? "ol" : "ul";
    return (
      <List key={index} className={cn("space-y-1 pl-5", block.ordered ? "list-decimal" : "list-disc", value.length === 1 && className)}>
        {block.items.map((item, itemIndex) => (
          <li key={itemIndex}>
            <RunsView runs={item} />
          </li>
        ))}
      </List>
    );
  });
  return value.length === 1 ? blocks[0] : <div className={cn("space-y-3", className)}>{blocks}</div>;
}

/** Rich text's words alone, for a description in the page's head. */
export const plainText = (value: RichTextValue): string =>
  value
    .flatMap((block) => (block.type === "paragraph" ? [block.runs] : block.items))
    .map((runs) => runs.map((run) => run.text).join(""))
    .join(" ");
