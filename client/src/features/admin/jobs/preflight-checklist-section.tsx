import { type FormEvent, useState } from "react";
import type { PreflightAnswer, PreflightChecklist } from "@common/contract/preflight";
import type { ErrorResponse } from "@common/contract/wire";
import { CHECKLIST_KIND_LABELS, IRRADIANCE_JUDGEMENT_LABELS } from "@common/preflight-words";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { fieldAria } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { ErrorState, FormRefusal, LoadingState } from "@/components/ui/panel-states";
import { formatDateTime } from "@/lib/format";
import { toast } from "@/lib/use-toast";
import { cn } from "@/lib/utils";
import { usePreflightChecklist, useSavePreflightChecklist } from "./api/preflight";

type Draft = Record<number, { checked: boolean; value: string }>;

const draftOf = (checklist: PreflightChecklist): Draft =>
  Object.fromEntries(checklist.items.map((item) => [item.itemId, { checked: item.checked, value: item.value }]));

/** Who ticked it and when, or that it is not ticked. */
const tickedBy = (item: PreflightAnswer) =>
  item.checked && item.checkedBy && item.checkedAt ? `Ticked by ${item.checkedBy}, ${formatDateTime(item.checkedAt)}` : item.checked ? "Ticked" : "Not ticked";

function Judgement({ item }: { item: PreflightAnswer }) {
  if (item.judgement === null) return null;
  return (
    <p className={cn("text-sm", item.judgement === "meets" ? "text-muted-foreground" : "font-semibold text-destructive")}>
      {IRRADIANCE_JUDGEMENT_LABELS[item.judgement]}
    </p>
  );
}

function KindBadge({ kind }: { kind: PreflightAnswer["kind"] }) {
  return (
    <span
      className={cn(
        "shrink-0 rounded border px-1.5 py-0.5 text-xs font-semibold uppercase",
        kind === "blocker" ? "border-destructive text-destructive" : "border-amber-600 text-amber-700 dark:text-amber-400",
      )}
    >
      {CHECKLIST_KIND_LABELS[kind]}
    </span>
  );
}

/**
 * The job's pre-flight checklist (docs/decisions/0074-preflight-checklist.md), for the admins and the
 * job's pilot: each item ticked, with its value where it needs one; the irradiance is the inspection
 * conditions' own, judged against IEC TS 62446-3's 600 W/m². Once the flight is recorded it is kept
 * and shown as it was ticked.
 */
export function PreflightChecklistSection({ jobId }: { jobId: number }) {
  const query = usePreflightChecklist(jobId);
  return (
    <section aria-labelledby="job-preflight-heading" className="space-y-3">
      <h2 id="job-preflight-heading" className="text-2xl font-bold tracking-tight">
        Pre-flight checklist
      </h2>
      {query.isPending ? (
        <LoadingState label="Loading the checklist…" />
      ) : query.isError ? (
        <ErrorState>{query.error.message}</ErrorState>
      ) : query.data.items.length === 0 ? (
        <p className="text-sm text-muted-foreground">The business has no checklist items: add them under Fleet &amp; compliance.</p>
      ) : (
        // Keyed by when it was last saved: a fresh answer from the server starts a fresh draft.
        <ChecklistForm key={query.data.items.map((item) => `${item.itemId}:${item.checked}:${item.value}`).join("|")} checklist={query.data} />
      )}
    </section>
  );
}

function ChecklistForm({ checklist }: { checklist: PreflightChecklist }) {
  const [draft, setDraft] = useState(() => draftOf(checklist));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string>();
  const save = useSavePreflightChecklist(checklist.jobId);
  const kept = checklist.keptAt !== null;
  const set = (itemId: number, change: Partial<Draft[number]>) =>
    setDraft((current) => ({ ...current, [itemId]: { ...(current[itemId] ?? { checked: false, value: "" }), ...change } }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal(undefined);
    const answers = checklist.items.map((item) => ({
      itemId: item.itemId,
      checked: draft[item.itemId]?.checked ?? false,
      value: draft[item.itemId]?.value ?? "",
    }));
    const answer = await save.mutateAsync({ answers });
    if (!answer.ok) {
      const body = answer.body as ErrorResponse | undefined;
      // The server names answers by their index, which is the item's place here.
      setErrors(
        Object.fromEntries(
          Object.entries(body?.errors ?? {}).flatMap(([path, message]) => {
            const index = Number(/^answers\.(\d+)\./.exec(path)?.[1]);
            const item = checklist.items[index];
            return item ? [[String(item.itemId), message]] : [];
          }),
        ),
      );
      return setRefusal(body?.errors ? "Check the items marked below." : (answer.message ?? answer.generic));
    }
    setErrors({});
    const { unticked } = answer.data.data;
    toast({
      title: "Checklist saved",
      description: unticked.length ? `Blockers not ticked: ${unticked.join("; ")}` : "Every blocker is ticked.",
      variant: "success",
    });
  };

  return (
    <Card className="space-y-4">
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Pre-flight checklist" className="space-y-4">
        {kept ? <p className="text-sm text-muted-foreground">Kept with the flight record on {formatDateTime(checklist.keptAt!)}, as it was ticked.</p> : null}
        <FormRefusal>{refusal}</FormRefusal>
        <ul className="space-y-3">
          {checklist.items.map((item) => {
            const id = `preflight-${checklist.jobId}-${item.itemId}`;
            const error = errors[String(item.itemId)];
            const entry = draft[item.itemId] ?? { checked: false, value: "" };
            const asksValue = item.needsValue || item.source === "irradiance";
            return (
              <li key={item.itemId} className="space-y-2 border-l-2 border-primary/40 pl-3">
                <div className="flex flex-wrap items-start gap-2">
                  <input
                    id={id}
                    type="checkbox"
                    className="mt-1 size-5 shrink-0 accent-primary"
                    checked={entry.checked}
                    disabled={kept}
                    onChange={(event) => set(item.itemId, { checked: event.target.checked })}
                  />
                  <label htmlFor={id} className="min-w-0 flex-1 font-medium break-words">
                    {item.label}
                  </label>
                  <KindBadge kind={item.kind} />
                </div>
                {asksValue ? (
                  <div className="space-y-1">
                    <label htmlFor={`${id}-value`} className="text-sm">
                      {item.source === "irradiance" ? "Irradiance (W/m²)" : `Value for ${item.label}`}
                    </label>
                    <Input
                      id={`${id}-value`}
                      inputMode={item.source === "irradiance" ? "decimal" : "text"}
                      value={entry.value}
                      readOnly={kept}
                      onChange={(event) => set(item.itemId, { value: event.target.value })}
                      {...fieldAria(`${id}-value`, error)}
                    />
                  </div>
                ) : null}
                {error ? (
                  <p id={`${id}-value-error`} role="alert" className="text-sm text-destructive">
                    {error}
                  </p>
                ) : null}
                <Judgement item={item} />
                <p className="text-xs text-muted-foreground">{tickedBy(item)}</p>
              </li>
            );
          })}
        </ul>
        {checklist.unticked.length ? <p className="text-sm font-semibold text-destructive">Blockers not ticked: {checklist.unticked.join("; ")}</p> : null}
        {kept ? null : (
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? "Saving…" : "Save checklist"}
          </Button>
        )}
      </form>
    </Card>
  );
}
