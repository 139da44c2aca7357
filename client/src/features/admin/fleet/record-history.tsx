import type { RecordEvent } from "@common/contract/operator-records";
import { formatDateTime } from "@/lib/format";

/**
 * A record's history, folded: every change with who made it and when (nothing is ever deleted). A
 * change that added a scanned copy links to that copy (`copyUrl`), a replaced one too.
 */
export function RecordHistory({ history, name, copyUrl }: { history: readonly RecordEvent[]; name: string; copyUrl?: string }) {
  return (
    <details className="text-xs text-muted-foreground">
      <summary className="cursor-pointer select-none">
        History ({history.length})<span className="sr-only"> of {name}</span>
      </summary>
      <ol className="mt-1 space-y-0.5">
        {history.map((event, index) => (
          <li key={index}>
            <time dateTime={event.at}>{formatDateTime(event.at)}</time> · {event.by ?? "Someone no longer here"} · {event.note}
            {copyUrl && event.copyId !== null ? (
              <>
                {" · "}
                <a href={`${copyUrl}?version=${event.copyId}`} target="_blank" rel="noopener" className="text-primary underline underline-offset-2">
                  view this copy
                </a>
              </>
            ) : null}
          </li>
        ))}
      </ol>
    </details>
  );
}
