import { useState } from "react";
import { Button } from "@/components/ui/button";

const PREVIEW_LENGTH = 80;

/** A message cut to one line, with a toggle that shows the whole text in place. */
export function MessagePreview({ message, from }: { message: string; from: string }) {
  const [open, setOpen] = useState(false);
  const text = message.trim();
  if (text.length <= PREVIEW_LENGTH) return <span className="break-words whitespace-pre-line">{text}</span>;
  return (
    <div className="space-y-1">
      {open ? (
        <p className="break-words whitespace-pre-line">{text}</p>
      ) : (
        <p title={text} className="break-words">
          {`${text.slice(0, PREVIEW_LENGTH).replace(/\s+/g, " ").trimEnd()}…`}
        </p>
      )}
      <Button type="button" variant="link" size="sm" className="h-auto px-0 py-0.5" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? "Show less" : "Show more"}
        <span className="sr-only"> of the message from {from}</span>
      </Button>
    </div>
  );
}
