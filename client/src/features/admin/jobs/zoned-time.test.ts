import { describe, expect, it } from "vitest";
import { zoneGroups, zoneLabel } from "./zoned-time";

describe("the zone picker's choices", () => {
  it("offers the business's zone first, then the chosen one, then current names grouped by region", () => {
    const groups = zoneGroups("America/Recife", "Europe/Paris");
    expect(groups.slice(0, 2)).toEqual([
      { label: "The business's zone", zones: ["America/Recife"] },
      { label: "Chosen", zones: ["Europe/Paris"] },
    ]);
    const regions = groups.slice(2).map((group) => group.label);
    expect(regions).toEqual(expect.arrayContaining(["Africa", "America", "Asia", "Europe", "Pacific"]));
    expect(regions.at(-1)).toBe("Other");
    expect(groups.find((group) => group.label === "Europe")?.zones.every((zone) => zone.startsWith("Europe/"))).toBe(true);
    const all = groups.flatMap((group) => group.zones);
    // Current names, each once: Kyiv and Kolkata, never the retired Kiev and Calcutta; the pinned zones are not repeated.
    expect(all).toEqual(expect.arrayContaining(["Europe/Kyiv", "Asia/Kolkata", "America/Argentina/Buenos_Aires"]));
    for (const retired of ["Europe/Kiev", "Asia/Calcutta", "America/Buenos_Aires"]) expect(all).not.toContain(retired);
    expect(new Set(all).size).toBe(all.length);
  });

  it("narrows the regions to the names that match the search, keeping the business's and the chosen zone", () => {
    const groups = zoneGroups("America/Recife", "America/Recife", "sao pa");
    expect(groups).toEqual([
      { label: "The business's zone", zones: ["America/Recife"] },
      { label: "America", zones: ["America/Sao_Paulo"] },
    ]);
    expect(zoneLabel("America/Sao_Paulo")).toBe("America/Sao Paulo");
  });
});
