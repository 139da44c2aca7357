import { describe, expect, it } from "vitest";
import { settleSeverity } from "./finding-input";
import { canMoveFinding, classFitsKind, DEFAULT_DELTA_T_THRESHOLDS, serviceKindOf, severityForDeltaT } from "./findings";

describe("a thermal finding's severity from its ΔT", () => {
  it.each([
    [0, "minor"],
    [9.9, "minor"],
    [10, "moderate"],
    [19.9, "moderate"],
    [20, "critical"],
    [45, "critical"],
  ] as const)("ΔT %f °C is %s by default", (deltaT, severity) => {
    expect(severityForDeltaT(deltaT)).toBe(severity);
    expect(severityForDeltaT(deltaT, DEFAULT_DELTA_T_THRESHOLDS)).toBe(severity);
  });

  it("follows configured thresholds", () => {
    const thresholds = { moderate: 5, critical: 15 };
    expect([4.9, 5, 14.9, 15].map((deltaT) => severityForDeltaT(deltaT, thresholds))).toEqual(["minor", "moderate", "moderate", "critical"]);
  });

  it("takes ΔT's severity when none is given, or the same one is", () => {
    expect(settleSeverity({ severity: null, severityReason: "", deltaT: 12 }, DEFAULT_DELTA_T_THRESHOLDS)).toEqual({
      severity: "moderate",
      severityReason: "",
    });
    expect(settleSeverity({ severity: "moderate", severityReason: "kept", deltaT: 12 }, DEFAULT_DELTA_T_THRESHOLDS)).toEqual({
      severity: "moderate",
      severityReason: "",
    });
  });

  it("takes another severity only with a reason (an override)", () => {
    expect(settleSeverity({ severity: "critical", severityReason: "", deltaT: 12 }, DEFAULT_DELTA_T_THRESHOLDS)).toEqual({
      field: "severityReason",
      message: expect.stringMatching(/reason/),
    });
    expect(settleSeverity({ severity: "critical", severityReason: "Scorched back sheet", deltaT: 12 }, DEFAULT_DELTA_T_THRESHOLDS)).toEqual({
      severity: "critical",
      severityReason: "Scorched back sheet",
    });
  });

  it("needs a severity when there is no ΔT", () => {
    expect(settleSeverity({ severity: null, severityReason: "", deltaT: null }, DEFAULT_DELTA_T_THRESHOLDS)).toMatchObject({ field: "severity" });
    expect(settleSeverity({ severity: "minor", severityReason: "", deltaT: null }, DEFAULT_DELTA_T_THRESHOLDS)).toEqual({
      severity: "minor",
      severityReason: "",
    });
  });
});

describe("classes and the life cycle", () => {
  it("fits a class to its service kind; other fits every job", () => {
    expect(serviceKindOf("solar")).toBe("solar");
    expect(serviceKindOf("media")).toBe("other");
    expect(classFitsKind("hot_spot", "solar")).toBe(true);
    expect(classFitsKind("hot_spot", "agriculture")).toBe(false);
    expect(classFitsKind("weeds", "agriculture")).toBe(true);
    expect(classFitsKind("other", "other")).toBe(true);
  });

  it("lets a customer plan and report a repair, never verify or dismiss", () => {
    expect(canMoveFinding("open", "repair_planned", true)).toBe(true);
    expect(canMoveFinding("repair_planned", "repaired", true)).toBe(true);
    expect(canMoveFinding("repaired", "verified", true)).toBe(false);
    expect(canMoveFinding("open", "dismissed", true)).toBe(false);
    expect(canMoveFinding("repaired", "verified")).toBe(true);
    expect(canMoveFinding("verified", "repaired")).toBe(false);
  });
});
