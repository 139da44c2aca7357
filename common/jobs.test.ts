import { describe, expect, it } from "vitest";
import { JOB_MESSAGE_MAX, jobMessageProblem } from "./job-status";
import { jobMessageInputSchema } from "./jobs";

describe("a job message's rule", () => {
  // The browser checks with jobMessageProblem (no zod on a job's page), the server with the schema.
  it.each([
    ["", "empty"],
    ["   \n\t ", "blank"],
    ["When can you fly?", "a question"],
    [`  ${"x".repeat(JOB_MESSAGE_MAX)}  `, "at the limit once trimmed"],
    ["x".repeat(JOB_MESSAGE_MAX + 1), "one over the limit"],
  ])("says the same in the browser and on the server for %j (%s)", (text) => {
    const checked = jobMessageInputSchema.safeParse({ body: text });
    expect(jobMessageProblem(text)).toBe(checked.success ? undefined : checked.error.issues[0]?.message);
  });

  it("refuses an empty message and one over 5,000 characters with their messages", () => {
    expect(jobMessageProblem(" ")).toBe("Write a message");
    expect(jobMessageProblem("x".repeat(5_001))).toBe("A message is at most 5,000 characters");
  });
});
