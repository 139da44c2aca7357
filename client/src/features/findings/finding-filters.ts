import type { Finding } from "@common/contract/findings";
import { FINDING_CLASS_LABELS, FINDING_SEVERITIES, FINDING_STATUSES, type FindingClass, type FindingSeverity, type FindingStatus } from "@common/findings";

/** What the table shows: "" in a filter means any. */
export interface FindingFilter {
  class: FindingClass | "";
  severity: FindingSeverity | "";
  status: FindingStatus | "";
  /** Words looked for in the locator, the note, the class and the finding's number. */
  search: string;
}

export const NO_FILTER: FindingFilter = { class: "", severity: "", status: "", search: "" };

export type SortKey = "id" | "class" | "severity" | "status" | "deltaT" | "locator";
export interface FindingSort {
  key: SortKey;
  descending: boolean;
}

/** Worst first when descending; each state in the life cycle's order. */
const SEVERITY_RANK = Object.fromEntries(FINDING_SEVERITIES.map((severity, rank) => [severity, rank])) as Record<FindingSeverity, number>;
const STATUS_RANK = Object.fromEntries(FINDING_STATUSES.map((status, rank) => [status, rank])) as Record<FindingStatus, number>;

/** The text a search looks in, lower case, once per finding. */
const searchText = (finding: Finding) => `#${finding.id} ${finding.locator} ${finding.note} ${FINDING_CLASS_LABELS[finding.class]}`.toLowerCase();

/** The findings the filter lets through, in the order given. */
export function filterFindings(findings: readonly Finding[], filter: FindingFilter): Finding[] {
  const words = filter.search.toLowerCase().split(/\s+/).filter(Boolean);
  return findings.filter(
    (finding) =>
      (!filter.class || finding.class === filter.class) &&
      (!filter.severity || finding.severity === filter.severity) &&
      (!filter.status || finding.status === filter.status) &&
      (words.length === 0 || words.every((word) => searchText(finding).includes(word))),
  );
}

/** Compares two findings by one key; findings without the value (no ΔT) go last either way. */
function compare(a: Finding, b: Finding, key: SortKey): number {
  switch (key) {
    case "id":
      return a.id - b.id;
    case "class":
      return FINDING_CLASS_LABELS[a.class].localeCompare(FINDING_CLASS_LABELS[b.class]);
    case "severity":
      return SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity];
    case "status":
      return STATUS_RANK[a.status] - STATUS_RANK[b.status];
    case "deltaT":
      return (a.deltaT ?? 0) - (b.deltaT ?? 0);
    case "locator":
      return a.locator.localeCompare(b.locator, undefined, { numeric: true });
  }
}

/** The findings sorted (a new array); ties keep the finding's number order. */
export function sortFindings(findings: readonly Finding[], { key, descending }: FindingSort): Finding[] {
  const direction = descending ? -1 : 1;
  return [...findings].sort((a, b) => {
    if (key === "deltaT" && (a.deltaT === null) !== (b.deltaT === null)) return a.deltaT === null ? 1 : -1;
    return direction * compare(a, b, key) || a.id - b.id;
  });
}
