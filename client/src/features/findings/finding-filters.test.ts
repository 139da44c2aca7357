import { describe, expect, it } from "vitest";
import { sampleFinding } from "@/testing/sample-finding";
import { filterFindings, NO_FILTER, sortFindings } from "./finding-filters";

const findings = [
  sampleFinding({ id: 1, class: "hot_spot", severity: "moderate", status: "open", deltaT: 13.7, locator: "B-4-2-17" }),
  sampleFinding({ id: 2, class: "soiling", severity: "minor", status: "repaired", deltaT: null, locator: "A-10", note: "Bird droppings" }),
  sampleFinding({ id: 3, class: "hot_spot", severity: "critical", status: "open", deltaT: 24, locator: "A-9" }),
  sampleFinding({ id: 4, class: "open_string", severity: "critical", status: "verified", deltaT: 3, locator: "C-1" }),
];
const ids = (list: readonly { id: number }[]) => list.map((finding) => finding.id);

describe("the findings table's filter", () => {
  it("lets everything through when nothing is chosen", () => {
    expect(ids(filterFindings(findings, NO_FILTER))).toEqual([1, 2, 3, 4]);
  });

  it("narrows by class, severity and state together", () => {
    expect(ids(filterFindings(findings, { ...NO_FILTER, class: "hot_spot" }))).toEqual([1, 3]);
    expect(ids(filterFindings(findings, { ...NO_FILTER, severity: "critical" }))).toEqual([3, 4]);
    expect(ids(filterFindings(findings, { ...NO_FILTER, status: "open", severity: "critical" }))).toEqual([3]);
    expect(ids(filterFindings(findings, { ...NO_FILTER, class: "pid" }))).toEqual([]);
  });

  it("searches the locator, the note, the class's name and the number, every word, in any case", () => {
    expect(ids(filterFindings(findings, { ...NO_FILTER, search: "a-" }))).toEqual([2, 3]);
    expect(ids(filterFindings(findings, { ...NO_FILTER, search: "BIRD" }))).toEqual([2]);
    expect(ids(filterFindings(findings, { ...NO_FILTER, search: "open string" }))).toEqual([4]);
    expect(ids(filterFindings(findings, { ...NO_FILTER, search: "#3" }))).toEqual([3]);
    expect(ids(filterFindings(findings, { ...NO_FILTER, search: "hot a-9" }))).toEqual([3]);
  });
});

describe("the findings table's sort", () => {
  it("puts the worst first by severity, ties by number", () => {
    expect(ids(sortFindings(findings, { key: "severity", descending: true }))).toEqual([3, 4, 1, 2]);
  });

  it("sorts by ΔT either way with the findings that have none last", () => {
    expect(ids(sortFindings(findings, { key: "deltaT", descending: true }))).toEqual([3, 1, 4, 2]);
    expect(ids(sortFindings(findings, { key: "deltaT", descending: false }))).toEqual([4, 1, 3, 2]);
  });

  it("sorts locators as people number them, and states in the life cycle's order", () => {
    expect(ids(sortFindings(findings, { key: "locator", descending: false }))).toEqual([3, 2, 1, 4]);
    expect(ids(sortFindings(findings, { key: "status", descending: false }))).toEqual([1, 3, 2, 4]);
  });

  it("leaves the list it was given as it was", () => {
    const before = ids(findings);
    sortFindings(findings, { key: "id", descending: true });
    expect(ids(findings)).toEqual(before);
  });
});
