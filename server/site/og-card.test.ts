import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brandShade } from "@common/brand";
import { appWithUsersForTests } from "../testing/factories";
import { settingsDriver } from "../testing/settings";
import { createTestApp, type TestApp } from "../testing/test-app";
import { cardColor, titleLines, withoutName } from "./og-card";

describe("GET /og/{key}.png, a public page's social card", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({});
  });
  afterAll(() => t.close());

  it.each(["home", "solar-inspections", "gallery"])("draws %s's as a 1200×630 PNG", async (key) => {
    const res = await t.app.inject(`/og/${key}.png?v=abc`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/png");
    expect(res.headers["cache-control"]).toBe("public, max-age=86400");
    expect([res.rawPayload.readUInt32BE(16), res.rawPayload.readUInt32BE(20)]).toEqual([1200, 630]);
  });

  it.each(["login", "admin", "no-such-page", "Solar"])("has none for %s, which is no public page", async (key) => {
    expect((await t.app.inject(`/og/${key}.png`)).statusCode).toBe(404);
  });
});

describe("the card's colour", () => {
  let t: TestApp;
  let as: ReturnType<typeof settingsDriver>;
  appWithUsersForTests(["admin"], (made) => {
    t = made.t;
    as = settingsDriver(t, made.users[0]);
  });

  /** The colour of the rule above the business's name, as "#rrggbb". */
  async function ruleColor(key: string): Promise<string> {
    const res = await t.app.inject(`/og/${key}.png`);
    expect(res.statusCode).toBe(200);
    const pixel = await sharp(res.rawPayload).extract({ left: 100, top: 98, width: 1, height: 1 }).removeAlpha().raw().toBuffer();
    return `#${[...pixel].map((value) => value.toString(16).padStart(2, "0")).join("")}`;
  }

  it("is the theme's cyan until the business sets a primary colour, then that colour as the dark theme shows it", async () => {
    expect(await ruleColor("solar-inspections")).toBe(cardColor(null));
    expect(cardColor(null)).toBe("#22d3ee");
    await as.save({ primaryColor: "#0055aa" });
    const shade = brandShade("#0055aa", "dark")!.color;
    expect(shade).not.toBe("#22d3ee");
    expect(await ruleColor("solar-inspections")).toBe(shade);
  });
});

describe("the card's title", () => {
  it("leaves out the business's name, which the card shows above it", () => {
    expect(withoutName("Solar Panel Drone Inspections | SkyVantage", "SkyVantage")).toBe("Solar Panel Drone Inspections");
    expect(withoutName("SkyVantage | Precision Aerial Solutions", "SkyVantage")).toBe("Precision Aerial Solutions");
    expect(withoutName("Roofs in Regina", "SkyVantage")).toBe("Roofs in Regina");
  });

  it("is cut at spaces into lines of at most 26 characters, four at most", () => {
    expect(titleLines("Solar Panel Drone Inspections")).toEqual(["Solar Panel Drone", "Inspections"]);
    const long = titleLines("word ".repeat(40));
    expect(long).toHaveLength(4);
    expect(long.at(-1)).toMatch(/…$/);
    expect(titleLines("x".repeat(40))).toEqual([`${"x".repeat(25)}…`]);
  });
});
