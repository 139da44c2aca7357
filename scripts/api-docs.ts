// Writes docs/api.md, the API for people, from the OpenAPI document the server serves at
// GET /api/openapi.json (docs/decisions/0020-api-contract.md). Run: npx tsx scripts/api-docs.ts
// A test (api-docs.test.ts) fails while docs/api.md differs from what this writes.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const API_DOCS_PATH = fileURLToPath(new URL("../docs/api.md", import.meta.url));

interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  additionalProperties?: JsonSchema | boolean;
  $ref?: string;
}

interface Operation {
  description?: string;
  "x-access"?: string;
  parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema: JsonSchema }> }>;
}

export interface OpenApiDocument {
  info: { title: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
}

/** A JSON schema as a short TypeScript-like type: `{ id: integer, title: string, note?: string }[]`. */
export function typeOf(schema: JsonSchema | undefined): string {
  if (!schema) return "unknown";
  if (schema.$ref) return schema.$ref.split("/").at(-1) ?? "unknown";
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(" | ");
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return union.map(typeOf).join(" | ");
  if (schema.type === "array") return `${typeOf(schema.items)}[]`;
  if (schema.type === "object" || schema.properties) {
    const fields = Object.entries(schema.properties ?? {}).map(([name, field]) => `${name}${schema.required?.includes(name) ? "" : "?"}: ${typeOf(field)}`);
    if (fields.length === 0 && typeof schema.additionalProperties === "object") return `{ [name]: ${typeOf(schema.additionalProperties)} }`;
    return `{ ${fields.join(", ")} }`;
  }
  if (schema.type === "string" && schema.format === "date-time") return "date (ISO string)";
  if (schema.type === "string" && schema.format === "binary") return "file bytes";
  return [schema.type ?? "unknown"].flat().join(" | ");
}

const cell = (text: string) => text.replaceAll("|", "\\|");
const code = (text: string) => `\`${cell(text)}\``;

function bodyOf(operation: Operation): string {
  const content = operation.requestBody?.content;
  if (!content) return "—";
  return Object.entries(content)
    .map(([type, { schema }]) => (type === "application/json" ? code(typeOf(schema)) : `${type} ${code(typeOf(schema))}`))
    .join("<br>");
}

function answersOf(operation: Operation): string {
  return Object.entries(operation.responses ?? {})
    .map(([status, response]) => {
      const schema = Object.values(response.content ?? {})[0]?.schema;
      return schema ? `${status} ${code(typeOf(schema))}` : `${status} ${cell(response.description ?? "")}`;
    })
    .join("<br>");
}

function parametersOf(operation: Operation, place: string): string {
  const parameters = (operation.parameters ?? []).filter((parameter) => parameter.in === place);
  return parameters.map((parameter) => `${parameter.name}${parameter.required ? "" : "?"}: ${typeOf(parameter.schema)}`).join(", ");
}

/** docs/api.md: a table of every endpoint, then each endpoint's body and answers in full. */
export function renderApiDocs(document: OpenApiDocument): string {
  const endpoints = Object.entries(document.paths).flatMap(([url, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({ method: method.toUpperCase(), url, operation })),
  );
  const lines = [
    `# ${document.info.title}`,
    "",
    "Generated from the OpenAPI 3.1 document the server serves at `GET /api/openapi.json`, by",
    "`npx tsx scripts/api-docs.ts`; do not edit by hand (a test fails while this file is out of date).",
    "Why the API is described this way: [decisions/0020-api-contract.md](decisions/0020-api-contract.md).",
    "",
    document.info.description ?? "",
    "",
    "Who: *anyone*; *customer* means any logged-in user (the `sv_session` cookie); *admin* an admin account.",
    "Writes sent with a session cookie must come from the site's own origin.",
    "",
    "| Method | Path | Who |",
    "| --- | --- | --- |",
    ...endpoints.map(({ method, url, operation }) => `| ${method} | [${url}](#${anchorOf(method, url)}) | ${operation["x-access"] ?? ""} |`),
    "",
  ];
  for (const { method, url, operation } of endpoints) {
    const query = parametersOf(operation, "query");
    const params = parametersOf(operation, "path");
    lines.push(
      `## ${method} ${url}`,
      "",
      operation.description ?? "",
      "",
      "| | |",
      "| --- | --- |",
      ...(params ? [`| Path | ${code(params)} |`] : []),
      ...(query ? [`| Query | ${code(query)} |`] : []),
      `| Body | ${bodyOf(operation)} |`,
      `| Answers | ${answersOf(operation)} |`,
      "",
    );
  }
  return `${lines
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trimEnd()}\n`;
}

/** GitHub's heading anchor of `## METHOD /path`. */
function anchorOf(method: string, url: string): string {
  return `${method} ${url}`
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, "")
    .replaceAll(" ", "-");
}

/** The document of the app as it is built with the default configuration (the demo payment provider). */
async function servedDocument(): Promise<OpenApiDocument> {
  const { buildApp } = await import("../server/app");
  const { loadConfig } = await import("../server/config");
  const { openDatabase } = await import("../server/db/client");
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "skyvantage-api-docs-"));
  const database = await openDatabase({ dataDir: null });
  const app = await buildApp({ config: loadConfig({ LOG_LEVEL: "silent", DATA_DIR: dataDir }), database, logger: false });
  try {
    await app.ready();
    return (await app.inject({ method: "GET", url: "/api/openapi.json" })).json();
  } finally {
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await writeFile(API_DOCS_PATH, renderApiDocs(await servedDocument()));
  console.log(`wrote ${path.relative(process.cwd(), API_DOCS_PATH)}`);
}
