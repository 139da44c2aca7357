import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { reportUploadFieldsSchema, mediaUploadFieldsSchema } from "./admin-uploads";
import { loginSchema, registerSchema } from "./auth";
import { checkRegister } from "./auth-rules";
import { checkContactForm, contactRequestSchema } from "./contact";
import { inspectionConditionsInputSchema } from "./contract/inspection-report";
import { deliverableEditSchema } from "./deliverables";
import { acceptEstimateSchema, estimateSchema } from "./estimates";
import { isSingleLine, singleLineMessage } from "./field-rules";
import { findingInputSchema, findingPatchSchema } from "./finding-input";
import { offlinePaymentSchema } from "./invoices";
import { jobDocumentFieldsSchema } from "./job-documents";
import { createJobSchema, updateJobDetailsSchema, updateJobSchema } from "./jobs";
import { mapLayerFieldsSchema } from "./map-layers";
import { createPaymentIntentSchema } from "./payments";
import { quoteFormSchema } from "./quotes";
import { socialLinksInputSchema, testimonialInputSchema, testimonialUpdateSchema } from "./site-content";
import { parseTusUploadMetadata } from "./tus-upload-metadata";
import { fieldErrorsOf } from "./validation";

/** Each breaks a line or is a control character: CR LF, LF, CR, tab, BEL, ESC, DEL, NEL (C1), U+2028, U+2029. */
const BREAKERS = ["\r\n", "\n", "\r", "\t", "\u0007", "\u001b", "\u007f", "\u0085", "\u2028", "\u2029"];
const bad = (breaker: string) => `Roof${breaker}survey`;

/** Sets `value` at a dotted path ("site.name", "lines.0.unit") of a copy of `base`. */
function withValue(base: object, path: string, value: string): object {
  const copy = structuredClone(base) as Record<string, unknown>;
  const keys = path.split(".");
  let at: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) at = at[key] as Record<string, unknown>;
  at[keys.at(-1)!] = value;
  return copy;
}

const line = { description: "Thermal inspection", quantity: 1, unit: "acre", unitPrice: 4_500 };
const estimates = estimateSchema({ taxRateBasisPoints: 0, today: () => "2026-01-01" });

/** Every one-line field of the API's input schemas, with a body the schema takes as it is. */
const cases: [name: string, schema: z.ZodType, base: object, fields: string[]][] = [
  [
    "POST /api/contact",
    contactRequestSchema as unknown as z.ZodType,
    { name: "Ada Lovelace", email: "ada@example.com", phone: "555-010-2024", service: "solar", message: "Please inspect\nour array." },
    ["name", "email", "phone", "service"],
  ],
  [
    "POST /api/register",
    registerSchema,
    { username: "ada", email: "ada@example.com", firstName: "Ada", lastName: "Lovelace", password: "correct-horse" },
    ["username", "email", "firstName", "lastName"],
  ],
  ["POST /api/login", loginSchema, { username: "ada", password: "correct-horse" }, ["username"]],
  [
    "POST /api/admin/jobs",
    createJobSchema,
    { userId: 1, serviceId: 1, title: "Roof survey", site: { name: "Depot", address: "1 Quay St" } },
    ["title", "site.name", "site.address"],
  ],
  [
    "PATCH /api/admin/jobs/:id/details",
    updateJobDetailsSchema,
    { title: "Roof survey", site: { name: "Depot", address: "1 Quay St" } },
    ["title", "site.name", "site.address"],
  ],
  [
    "PATCH /api/admin/jobs/:id",
    updateJobSchema,
    {
      status: "flown",
      timeZone: "UTC",
      flight: { flownOn: "2026-01-02", aircraft: "M350", wind: "3 m/s", temperature: "21 °C", cloud: "2 oktas", irradiance: "800 W/m²" },
    },
    ["timeZone", "flight.aircraft", "flight.wind", "flight.temperature", "flight.cloud", "flight.irradiance"],
  ],
  ["POST /api/admin/reports", reportUploadFieldsSchema, { userId: "1", serviceId: "1", title: "Roof survey", description: "Thermal\nimages" }, ["title"]],
  ["POST /api/admin/media", mediaUploadFieldsSchema, { userId: "1", serviceId: "1", title: "Roof survey", description: "Thermal\nimages" }, ["title"]],
  ["PATCH /api/admin/reports/:id", deliverableEditSchema, { title: "Roof survey" }, ["title"]],
  ["POST /api/jobs/:id/documents", jobDocumentFieldsSchema, { title: "Site plan" }, ["title"]],
  ["POST /api/admin/jobs/:id/layers", mapLayerFieldsSchema, { kind: "orthomosaic", title: "Ortho" }, ["title"]],
  [
    "PUT /api/admin/jobs/:id/inspection-conditions",
    inspectionConditionsInputSchema,
    { irradiance: 800, ambientTemp: 20, windSpeed: 3, cloudCover: 2, aircraft: "M350", camera: "H20T" },
    ["aircraft", "camera"],
  ],
  ["PUT /api/admin/social-links", socialLinksInputSchema, { facebook: "https://facebook.com/skyvantage" }, ["facebook"]],
  ["POST /api/admin/testimonials", testimonialInputSchema, { quote: "Great\nwork.", author: "Ada", role: "Owner" }, ["author", "role"]],
  ["PATCH /api/admin/testimonials/:id", testimonialUpdateSchema, { author: "Ada", role: "Owner" }, ["author", "role"]],
  [
    "the quote forms",
    quoteFormSchema,
    { serviceType: "solar", description: "A 2 MW\narray", budget: "$5k", timeline: "June" },
    ["serviceType", "budget", "timeline"],
  ],
  ["POST /api/admin/invoices/:id/payments", offlinePaymentSchema, { amount: 100, method: "cheque", reference: "Cheque 1042" }, ["reference"]],
  ["POST /api/admin/jobs/:id/findings", findingInputSchema, { class: "hot_spot", lat: 48.85, lon: 2.35, locator: "Block A", note: "Two\ncells" }, ["locator"]],
  ["PATCH /api/admin/findings/:id", findingPatchSchema, { locator: "Block A" }, ["locator"]],
  [
    "POST /api/admin/estimates",
    estimates,
    { jobId: 1, lines: [line], deposit: { percent: 0 }, validUntil: "2026-02-01", note: "Thanks\nagain" },
    ["lines.0.description", "lines.0.unit"],
  ],
  ["POST /api/estimates/:id/accept", acceptEstimateSchema, { signatureName: "Ada Lovelace" }, ["signatureName"]],
  ["POST /api/create-payment-intent", createPaymentIntentSchema, { service: "Solar Fleet Monitoring", amount: 500 }, ["service"]],
];

describe("the API's one-line fields refuse line breaks and control characters, naming the field", () => {
  it.each(cases)("%s takes its body as it is, multi-line fields included", (_name, schema, base) => {
    const parsed = schema.safeParse(base);
    expect(parsed.success ? {} : fieldErrorsOf(parsed.error.issues)).toEqual({});
  });

  it.each(cases)("%s refuses each one-line field holding any of them", (_name, schema, base, fields) => {
    for (const field of fields) {
      for (const breaker of BREAKERS) {
        const parsed = schema.safeParse(withValue(base, field, bad(breaker)));
        const errors = parsed.success ? {} : fieldErrorsOf(parsed.error.issues);
        expect({ field, breaker: JSON.stringify(breaker), errors: Object.keys(errors) }).toEqual({ field, breaker: JSON.stringify(breaker), errors: [field] });
        expect(errors[field]).toMatch(/must be one line, without line breaks or control characters$/);
      }
    }
  });

  it("keeps a value whose only break is around it, trimmed away", () => {
    expect(createJobSchema.parse({ userId: 1, serviceId: 1, title: "\r\nRoof survey\n", site: { name: "Depot" } }).title).toBe("Roof survey");
  });

  it("checks the same in the browser's forms (no zod) as on the server", () => {
    expect(
      checkContactForm({ name: "Ada\nLovelace", email: "ada@example.com", phone: "555-010-2024\r", service: "solar", message: "Please inspect\nour array." })
        .errors,
    ).toEqual({
      name: singleLineMessage("Name"),
    });
    expect(checkRegister({ username: "ada\tx", email: "ada@example.com", firstName: "Ada\u0085", lastName: "", password: "correct-horse" }).errors).toEqual({
      username: singleLineMessage("Username"),
      firstName: singleLineMessage("Name"),
    });
  });

  it("refuses a resumable upload's file name and title with a break, naming the metadata's key", () => {
    const refused = parseTusUploadMetadata({ kind: "report", filename: "roof\n.pdf", userId: "1", serviceId: "1", title: "Roof", description: "Thermal" });
    expect(refused).toMatchObject({ success: false, errors: { filename: singleLineMessage("The file name") } });
    const title = parseTusUploadMetadata({
      kind: "report",
      filename: "roof.pdf",
      userId: "1",
      serviceId: "1",
      title: "Roof\r\nsurvey",
      description: "Thermal",
    });
    expect(title).toMatchObject({ success: false, errors: { title: singleLineMessage("Title") } });
  });

  it("tells one line from several, and lets letters of any script and emoji through", () => {
    expect(["Zoë Ångström", "東京 🚁", "O'Brien & Sons, Ltd.", ""].every(isSingleLine)).toBe(true);
    expect(BREAKERS.some((breaker) => isSingleLine(bad(breaker)))).toBe(false);
  });
});
