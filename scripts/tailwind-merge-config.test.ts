import { readFileSync } from "node:fs";
import { twMerge as fullMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { twMerge as cutMerge } from "../client/src/lib/tailwind-merge-config";
import { CONFIG_FILE, generate, sourceWords } from "./tailwind-merge-config.mjs";

describe("the cut tailwind-merge configuration (client/src/lib/tailwind-merge-config.ts)", () => {
  it("is what the generator writes for the client's source as it is (npm run gen:tailwind-merge)", () => {
    expect(readFileSync(CONFIG_FILE, "utf8")).toBe(generate());
  });

  it("merges every pair of the site's classes, in either order, as the full configuration does", () => {
    // The site's classes: the words of its source that the full configuration puts in a group.
    const classes = sourceWords().filter((word) => fullMerge(`${word} ${word}`) === word);
    expect(classes.length).toBeGreaterThan(300);
    const differences: string[] = [];
    for (const first of classes) {
      for (const second of classes) {
        const pair = `${first} ${second}`;
        if (cutMerge(pair) !== fullMerge(pair)) differences.push(`"${pair}": ${cutMerge(pair)} ≠ ${fullMerge(pair)}`);
      }
    }
    expect(differences.slice(0, 10)).toEqual([]);
  });

  it("keeps a class of a group the site does not use as written, which is why the source must be the input", () => {
    expect(fullMerge("snap-x snap-y")).toBe("snap-y");
    expect(cutMerge("snap-x snap-y")).toBe("snap-x snap-y");
  });
});
