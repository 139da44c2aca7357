import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../server/testing/test-app";
import { API_DOCS_PATH, type OpenApiDocument, renderApiDocs, typeOf } from "./api-docs";

describe("docs/api.md", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("is what scripts/api-docs.ts writes from the served OpenAPI document (run `npx tsx scripts/api-docs.ts` after changing a route)", async () => {
    const document: OpenApiDocument = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    expect(await readFile(API_DOCS_PATH, "utf8")).toBe(renderApiDocs(document));
  });
});

describe("typeOf", () => {
  it("writes a schema as a short type", () => {
    const schema = {
      type: "object",
      properties: {
        id: { type: "integer" },
        at: { type: "string", format: "date-time" },
        tags: { type: "array", items: { enum: ["a", "b"] } },
        note: { anyOf: [{ type: "string" }, { type: "null" }] },
      },
      required: ["id", "at", "tags"],
    };
    expect(typeOf(schema)).toBe('{ id: integer, at: date (ISO string), tags: "a" | "b"[], note?: string | null }');
    expect(typeOf({ $ref: "#/components/schemas/Error" })).toBe("Error");
  });
});
