import type { RecordEvent } from "@common/contract/operator-records";
import { formatDateTime } from "@/lib/format";

/** A record's history, folded: every change with who made it and when (nothing is ever deleted). */
export function RecordHistory({ history, name }: { history: readonly RecordEvent[]; name: string }) {
  return (
    <details className="text-xs text-muted-foreground">
      <summary className="cursor-pointer select-none">
        History ({history.length})<span className="sr-only"> of {name}</span>
      </summary>
      <ol className="mt-1 space-y-0.5">
        {history.map((event, index) => (
          <li key={index}>
            <time dateTime={event.at}>{formatDateTime(event.at)}</time> · {event.by ?? "Someone no longer here"} · {event.note}
          </li>
        ))}
      </ol>
    </details>
  );
}
