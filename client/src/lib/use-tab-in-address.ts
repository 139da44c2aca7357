import { useEffect, useRef } from "react";
import { useSearchParams } from "wouter";

interface TabInAddress<Opening extends string | undefined> {
  /** The tab shown when the address names none of `tabs`; undefined while what decides it is still loading. */
  opening: Opening;
  /**
   * "push": each tab chosen is a history entry, so Back returns to the tab before (the back office);
   * "replace": the entry is updated in place, so Back leaves the screen (the customer's dashboard).
   */
  history: "push" | "replace";
  /** Writes the opening tab into the address once known, so a reload opens it again even once what decided it has changed. */
  recordOpening?: boolean;
}

/**
 * A dashboard's open tab, kept in the address as `?tab=` (docs/product.md §2): a reload, a link and
 * Back land on the same tab. Answers the tab to show and the way to choose another.
 */
export function useTabInAddress<Opening extends string | undefined>(
  tabs: readonly string[],
  { opening, history, recordOpening = false }: TabInAddress<Opening>,
): [string | Opening, (tab: string) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get("tab");
  const named = asked !== null && tabs.includes(asked) ? asked : undefined;
  const tab = named ?? opening;
  // Radix reports a tab on press and again as it takes focus, before the page renders anew: the tab
  // last asked for is held here, so one change of tab writes the address once.
  const shown = useRef<string | undefined>(tab);
  shown.current = tab;
  useEffect(() => {
    if (recordOpening && named === undefined && opening !== undefined) setParams({ tab: opening }, { replace: true });
  }, [recordOpening, named, opening, setParams]);
  const choose = (value: string) => {
    if (value === shown.current) return;
    shown.current = value;
    setParams({ tab: value }, { replace: history === "replace" });
  };
  return [tab as string | Opening, choose];
}
