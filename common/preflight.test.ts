import { describe, expect, it } from "vitest";
import { irradianceOf, preflightAnswersInputSchema } from "./preflight";
import { judgeIrradiance, MIN_THERMAL_IRRADIANCE } from "./preflight-words";

describe("the pre-flight checklist's irradiance", () => {
  it("judges against IEC TS 62446-3's 600 W/m²: at 600 it meets it, just below it does not, none is not recorded", () => {
    expect(MIN_THERMAL_IRRADIANCE).toBe(600);
    expect(judgeIrradiance(600)).toBe("meets");
    expect(judgeIrradiance(599.9)).toBe("below");
    expect(judgeIrradiance(null)).toBe("not-recorded");
  });

  it("reads a value as W/m² within the inspection conditions' range, and nothing else", () => {
    expect(irradianceOf("640")).toBe(640);
    expect(irradianceOf(" 812.5 ")).toBe(812.5);
    expect(irradianceOf("0")).toBe(0);
    for (const bad of ["-5", "bright", "1e3", "1501", "", "6 40"]) expect(irradianceOf(bad), bad).toBeNull();
  });
});

describe("a job's answers", () => {
  it("refuses the same item answered twice, naming the second", () => {
    const parsed = preflightAnswersInputSchema.safeParse({
      answers: [
        { itemId: 3, checked: true },
        { itemId: 3, checked: false },
      ],
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path.join("."))).toEqual(["answers.1.itemId"]);
  });
});
