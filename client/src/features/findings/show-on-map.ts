import { useEffect } from "react";
import type { Finding } from "@common/contract/findings";

type Listener = (finding: Finding) => void;
const listeners = new Set<Listener>();

/**
 * Asks the job's site map to show a finding: chosen, and the view fitted close around it. The
 * candidates panel and the map are separate parts of the job page (job-panel.tsx hands each in), so
 * the ask goes through here; the map draws a candidate, which its findings list leaves out, while it
 * is chosen.
 */
export function showOnMap(finding: Finding): void {
  for (const listener of listeners) listener(finding);
}

/** The site map's side of showOnMap. `listener` should be stable (useCallback). */
export function useShowOnMap(listener: Listener): void {
  useEffect(() => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  }, [listener]);
}
