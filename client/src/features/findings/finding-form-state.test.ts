import { describe, expect, it } from "vitest";
import { sampleFinding } from "@/testing/sample-finding";
import { deltaTOf, fieldsToSend, findingState, newFindingState } from "./finding-form-state";

describe("the finding form's fields", () => {
  it("fills a finding placed on the thermal map with its point, temperatures and ΔT", () => {
    expect(newFindingState({ lat: 32.0001, lon: -97.6002, maxTemp: 61.2, refTemp: 47.45 })).toMatchObject({
      lat: "32.0001",
      lon: "-97.6002",
      maxTemp: "61.2",
      refTemp: "47.45",
      deltaT: "13.75",
      severity: "",
    });
    expect(deltaTOf(20, 25)).toBe(0);
    expect(deltaTOf(null, 25)).toBeNull();
  });

  it("sends a new finding whole, its severity left to ΔT, and names a number that is not one", () => {
    const state = { ...newFindingState(null), lat: "48,5", lon: "2.35", deltaT: "12" };
    expect(fieldsToSend(state)).toEqual({
      fields: expect.objectContaining({ class: "hot_spot", severity: null, lat: 48.5, lon: 2.35, deltaT: 12, maxTemp: null, mediaIds: [] }),
    });
    expect(fieldsToSend({ ...state, lat: "", maxTemp: "hot" })).toEqual({
      errors: { lat: "Latitude is between -90 and 90", maxTemp: "maxTemp must be a number" },
    });
  });

  it("sends an edit's changed fields only", () => {
    const original = findingState(sampleFinding());
    expect(fieldsToSend({ ...original, locator: " Block C ", deltaT: "21" }, original)).toEqual({ fields: { locator: "Block C", deltaT: 21 } });
    expect(fieldsToSend(original, original)).toEqual({ fields: {} });
  });
});
