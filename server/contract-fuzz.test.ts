// Every registered route, attacked as every role with generated valid and invalid bodies, path
// parameters, query strings and headers: none may answer 5xx, and every 4xx must say why in a
// JSON `message` (docs/product.md §8; docs/decisions/0020-api-contract.md). Deterministic: a fixed
// seed and a bounded number of runs per route, so a failure reproduces exactly.
import { eq } from "drizzle-orm";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import fc from "fast-check";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CARDS } from "@common/payments";
import { paymentMessages } from "@common/checkout";
import { formatQuoteMessage } from "@common/quotes";
import { DEFAULT_SERVICE_PAGES } from "@common/site-page-defaults";
import { paymentEvents } from "./db/schema";
import { createStripeProvider } from "./payments/stripe-provider";
import { createAdmin, registerUser, sessionCookieOf, type TestUser } from "./testing/factories";
import { logLines } from "./testing/log-lines";
import { registeredRoutes } from "./testing/registered-routes";
import { multipartBody, sampleFiles } from "./testing/multipart";
import { SMALL_SITE_RING } from "./testing/jobs";
import { encodeMetadata } from "./testing/tus";
import { createTestApp, type TestApp } from "./testing/test-app";

const SEED = 20_261_124;
const RUNS_PER_ROLE = 10;
const WEBHOOK_SECRET = "whsec_fuzz";
const ROLES = ["visitor", "customer", "otherCustomer", "admin"] as const;
type Role = (typeof ROLES)[number];

interface Route {
  method: string;
  url: string;
}

// ---- Generated input ----

/** Strings that have broken servers: NUL, huge numbers, other scripts, markup, SQL, long runs. */
const nastyString = fc.oneof(
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "a\u0000b",
    "💥",
    "İstanbul",
    "\u202e",
    "<script>alert(1)</script>",
    "' or 1=1 --",
    "%00",
    "../../etc/passwd",
    "null",
    "true",
    "-1",
    "1e309",
    "9".repeat(400),
    "x".repeat(6_000),
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 20 }),
);

const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  fc.constantFrom(null, true, false, 0, -1, 1.5, 2_147_483_647, 2_147_483_648, Number.MAX_SAFE_INTEGER, 1e308, -0),
  fc.integer(),
  fc.jsonValue({ maxDepth: 2 }),
);

/** A path parameter: existing ids (one's own and others'), edge numbers, and text that is not a number. */
const paramValue = (knownIds: number[]) =>
  fc.oneof(
    fc.constantFrom(...knownIds).map(String),
    fc.constantFrom(
      "0",
      "-1",
      "2147483647",
      "2147483648",
      "99999999999999999999",
      "1e3",
      "1.5",
      "0x10",
      "abc",
      "%00",
      "%20",
      "NaN",
      "Infinity",
      "%D9%A1%D9%A2",
      "%F0%9F%92%A5",
    ),
    fc.integer({ min: -3, max: 40 }).map(String),
    fc
      .string({ maxLength: 12 })
      .map(encodeURIComponent)
      .filter((value) => value.length > 0),
  );

const queryString = fc.oneof(
  fc.constant(""),
  fc
    .dictionary(
      fc.oneof(fc.constantFrom("active", "limit", "userId", "download", "w", "id", "page"), fc.string({ maxLength: 8 })),
      fc.oneof(nastyString.map(String), fc.constantFrom("true", "false", "1", "25", "480", "960", "0", "-1", "501", "2147483648")),
      { maxKeys: 3 },
    )
    .map((query) => `?${new URLSearchParams(query)}`),
  fc.constantFrom("?limit=1&limit=2", "?a[]=1&a[]=2", "?%", "?active=true&active=false", "?w=480&download=1"),
);

const extraHeaders = fc.oneof(
  fc.constant({}),
  fc.constantFrom<Record<string, string>>(
    { origin: "https://evil.example" },
    { origin: "null" },
    { range: "bytes=0-10" },
    { range: "bytes=999999999-" },
    { range: "bytes=5-1" },
    { range: "pages=1-2" },
    { "if-none-match": '"x"' },
    { "if-none-match": "*" },
    { "accept-encoding": "br;q=0, gzip;q=0, identity;q=0" },
    { "stripe-signature": "t=1,v1=deadbeef" },
  ),
);

type Body =
  | { kind: "none" }
  | { kind: "json"; value: unknown }
  | { kind: "raw"; contentType: string; text: string }
  | { kind: "signed"; text: string; signature: string }
  /** A tus request (resumable uploads): its headers, and bytes for a PATCH. */
  | { kind: "tus"; headers: Record<string, string>; bytes?: string }
  | { kind: "multipart"; fields: Record<string, string>; file?: { name: string; type: string; content: Uint8Array } };

/** A valid example, or one with fields changed to anything, dropped, or added. */
const mutatedJson = (valid: Record<string, unknown>) =>
  fc
    .record({
      replace: fc.dictionary(fc.constantFrom(...Object.keys(valid), "extra"), nastyValue, { maxKeys: 2 }),
      drop: fc.subarray(Object.keys(valid), { maxLength: Math.min(2, Object.keys(valid).length) }),
    })
    .map(({ replace, drop }) => {
      const body: Record<string, unknown> = { ...valid, ...replace };
      for (const key of drop) delete body[key];
      return body;
    });

const anyFile = fc.constantFrom(
  undefined,
  { name: "photo.png", type: "image/png", content: sampleFiles.png },
  { name: "report.pdf", type: "application/pdf", content: sampleFiles.pdf },
  { name: "clip.mp4", type: "video/mp4", content: sampleFiles.mp4 },
  { name: "fake.png", type: "image/png", content: sampleFiles.text },
  { name: "empty.pdf", type: "application/pdf", content: new Uint8Array() },
  { name: "\u0000.png", type: "image/png", content: sampleFiles.png },
);

/** A little-endian TIFF header whose first directory holds one tag, and nothing else: no georeference, no image. */
const tiffHeader = Buffer.from("49492a000800000001000001030001000000010000000000000000", "hex");

/** Bodies any route may receive: none, any JSON, malformed JSON, other media types. */
const strangeBody: fc.Arbitrary<Body> = fc.oneof(
  fc.constant<Body>({ kind: "none" }),
  fc.jsonValue({ maxDepth: 3 }).map<Body>((value) => ({ kind: "json", value })),
  fc.constantFrom<Body>(
    { kind: "raw", contentType: "application/json", text: '{"a":' },
    { kind: "raw", contentType: "application/json", text: "" },
    { kind: "raw", contentType: "application/json", text: '{"__proto__":{"x":1}}' },
    { kind: "raw", contentType: "application/json", text: '{"id":1,"id":2}' },
    { kind: "raw", contentType: "text/plain", text: "hello" },
    { kind: "raw", contentType: "application/x-www-form-urlencoded", text: "a=1&b=2" },
    { kind: "raw", contentType: "multipart/form-data; boundary=x", text: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n' },
    { kind: "raw", contentType: "multipart/form-data", text: "no boundary" },
    { kind: "raw", contentType: "application/json; charset=utf-16", text: "{}" },
  ),
);

// ---- The scene: two customers with records, an admin ----

interface Scene {
  users: Record<Exclude<Role, "visitor">, TestUser>;
  /** The first customer's rows, which the other customer must not reach. */
  ids: number[];
  clientSecret: string;
}

async function expectStatus(res: LightMyRequestResponse, status: number): Promise<LightMyRequestResponse> {
  if (res.statusCode !== status) throw new Error(`setup: expected ${status}, got ${res.statusCode} ${res.body}`);
  return res;
}

async function buildScene(t: TestApp): Promise<Scene> {
  const [customer, otherCustomer, admin] = await Promise.all([registerUser(t), registerUser(t), createAdmin(t)]);
  const as = (user: TestUser, options: InjectOptions) => t.app.inject({ ...options, headers: { ...options.headers, cookie: user.cookie } });
  const upload = async (url: string, fields: Record<string, string>, file: { name: string; type: string; content: Uint8Array }) => {
    const body = await multipartBody(fields, file);
    return (await expectStatus(await as(admin, { method: "POST", url, ...body }), 201)).json().data.id as number;
  };
  const owner = { userId: String(customer.user.id), serviceId: "1", title: "Roof survey", description: "Thermal pass" };
  const reportId = await upload("/api/admin/reports", owner, { name: "report.pdf", type: "application/pdf", content: sampleFiles.pdf });
  const privateMediaId = await upload(
    "/api/admin/media",
    { ...owner, isGalleryItem: "false" },
    { name: "photo.png", type: "image/png", content: sampleFiles.png },
  );
  const galleryMediaId = await upload(
    "/api/admin/media",
    { ...owner, isGalleryItem: "true" },
    { name: "clip.mp4", type: "video/mp4", content: sampleFiles.mp4 },
  );
  const message = formatQuoteMessage({ serviceType: "solar", description: "Forty panels on a barn" });
  const quote = await expectStatus(
    await as(customer, { method: "POST", url: "/api/contact", payload: { name: "Ada", email: "ada@example.com", service: "solar", message } }),
    201,
  );
  const quoteId = quote.json().data.quoteId as number;
  await expectStatus(await as(admin, { method: "PATCH", url: `/api/admin/quotes/${quoteId}`, payload: { status: "accepted", price: 50_000 } }), 200);
  // The quote request opened a job, now accepted: the customer's, with a message in its thread.
  const jobId = (await expectStatus(await as(customer, { method: "GET", url: "/api/jobs" }), 200)).json().data[0].id as number;
  await expectStatus(await as(customer, { method: "POST", url: `/api/jobs/${jobId}/messages`, payload: { body: "When can you fly?" } }), 201);
  const intent = (
    await expectStatus(await as(customer, { method: "POST", url: "/api/create-payment-intent", payload: { service: "Quote", quoteId } }), 200)
  ).json();
  const subscription = (await expectStatus(await as(customer, { method: "POST", url: "/api/subscriptions", payload: { serviceId: 1 } }), 200)).json();
  await expectStatus(
    await as(customer, {
      method: "POST",
      url: "/api/demo-payments/confirm",
      payload: { clientSecret: subscription.clientSecret, cardNumber: DEMO_CARDS.success, expiry: "12 / 40", cvc: "123" },
    }),
    200,
  );
  return {
    users: { customer, otherCustomer, admin },
    ids: [reportId, privateMediaId, galleryMediaId, quoteId, intent.paymentId, subscription.subscriptionId, subscription.paymentId, customer.user.id, jobId],
    clientSecret: intent.clientSecret,
  };
}

/** A valid body of each route that takes one; a route missing here fails the test, so none is skipped silently. */
function validBodies(scene: Scene): Record<string, fc.Arbitrary<Body>> {
  const json = (valid: Record<string, unknown>) => mutatedJson(valid).map<Body>((value) => ({ kind: "json", value }));
  const multipart = (valid: Record<string, string>) =>
    fc
      .record({ replace: fc.dictionary(fc.constantFrom(...Object.keys(valid), "extra"), nastyString, { maxKeys: 2 }), file: anyFile })
      .map<Body>(({ replace, file }) => ({ kind: "multipart", fields: { ...valid, ...replace }, ...(file ? { file } : {}) }));
  const { customer } = scene.users;
  const quoteMessage = formatQuoteMessage({ serviceType: "solar", description: "A barn roof", budget: "$500", timeline: "May" });
  const mediaFields = { userId: String(customer.user.id), serviceId: "1", title: "Field", description: "Drone pass", isGalleryItem: "true" };
  return {
    "POST /api/register": json({ username: "fuzz-pilot", email: "fuzz@example.com", password: "correct-horse", firstName: "Fuzz", lastName: "Pilot" }),
    "POST /api/login": json({ username: customer.user.username, password: customer.password }),
    "POST /api/logout": fc.constant({ kind: "none" }),
    "POST /api/forgot-password": json({ email: customer.user.email }),
    "POST /api/reset-password": json({ token: "a".repeat(43), newPassword: "another-horse" }),
    "POST /api/contact": fc.oneof(
      json({ name: "Ada Lovelace", email: "ada@example.com", phone: "555-010-0100", service: "solar", message: "Please inspect my panels." }),
      json({ name: "Ada Lovelace", email: "ada@example.com", service: "solar", message: quoteMessage }),
    ),
    "POST /api/create-payment-intent": fc.oneof(
      json({ amount: 500, service: "Custom Service" }),
      json({ service: "Quote", quoteId: scene.ids[3] }),
      json({ service: "Solar", serviceId: 1 }),
    ),
    "POST /api/payments/:id/submit": fc.constant({ kind: "none" }),
    "POST /api/demo-payments/confirm": json({ clientSecret: scene.clientSecret, cardNumber: DEMO_CARDS.success, expiry: "12 / 40", cvc: "123" }),
    "POST /api/subscriptions": json({ serviceId: 2 }),
    "PATCH /api/subscriptions/:id": json({ cancelAtPeriodEnd: true }),
    "POST /api/billing-portal": fc.constant({ kind: "none" }),
    "POST /api/stripe/webhook": json({ id: "evt_1", object: "event", type: "invoice.paid", data: { object: {} } }),
    "PATCH /api/admin/quotes/:id": json({ status: "accepted", price: 10_000 }),
    "PATCH /api/admin/media/:id/gallery": json({ isGalleryItem: true }),
    "PATCH /api/admin/media/:id/gallery-status": json({ isGalleryItem: false }),
    "DELETE /api/admin/media/:id": fc.constant({ kind: "none" }),
    "POST /api/admin/reports": multipart({ userId: String(customer.user.id), serviceId: "1", title: "Survey", description: "Thermal" }),
    "POST /api/admin/media": multipart(mediaFields),
    "POST /api/upload-media": multipart({ ...mediaFields, userId: "admin" }),
    "POST /api/admin/jobs/:id/reports": multipart({ title: "Thermal survey", description: "" }),
    "POST /api/admin/jobs/:id/media": multipart({ title: "Site photo" }),
    "POST /api/jobs/:id/messages": json({ body: "Is Tuesday fine?" }),
    "POST /api/admin/jobs": json({
      userId: customer.user.id,
      serviceId: 1,
      title: "Roof survey",
      site: { name: "Barn", address: "1 Farm Rd", latitude: 45.5, longitude: -73.6 },
    }),
    "PATCH /api/admin/jobs/:id": fc.oneof(
      json({
        status: "scheduled",
        scheduledStart: "2030-05-01T08:00:00Z",
        scheduledEnd: "2030-05-01T10:00:00Z",
        timeZone: "America/Toronto",
        pilotId: scene.users.admin.user.id,
        reason: "Weather hold",
      }),
      json({ status: "flown", flight: { flownOn: "2026-11-02", durationMinutes: 45, aircraft: "M30T" } }),
      json({ status: "cancelled", reason: "Site closed" }),
    ),
    "PATCH /api/admin/users/:id": json({ role: "pilot" }),
    "POST /api/admin/payments/:id/refund": json({ amount: 500, reason: "Rain day" }),
    "PATCH /api/admin/jobs/:id/details": json({
      title: "Roof and mast survey",
      site: { name: "North field", address: "Route 9", latitude: 52.1, longitude: -1.5 },
    }),
    "POST /api/admin/estimates": json({
      jobId: scene.ids[8],
      lines: [
        { description: "Thermal inspection", quantity: 40, unit: "acre", unitPrice: 4_500 },
        { description: "Map", quantity: 1, unitPrice: 35_000, optional: true },
      ],
      discount: 500,
      deposit: { percent: 30 },
      validUntil: "2099-12-31",
      note: "Dry mornings",
    }),
    "POST /api/estimates/:id/accept": json({ signatureName: "Fuzz Pilot", optionalLineIds: [] }),
    "POST /api/estimates/:id/request-changes": json({ comment: "Could it be cheaper?" }),
    "POST /api/estimates/:id/decline": json({ reason: "We found another pilot" }),
    "POST /api/admin/invoices": json({
      jobId: scene.ids[8],
      dueDate: "2099-12-31",
      extraLines: [{ description: "Re-flight", quantity: 2.5, unit: "acre", unitPrice: 4_500 }],
      adjustments: [{ description: "Goodwill credit", amount: -1_000 }],
    }),
    "POST /api/admin/invoices/:id/payments": json({ amount: 500, method: "bank_transfer", reference: "TRF 88412", receivedOn: "2030-05-01" }),
    "POST /api/admin/invoices/:id/credit-notes": json({ reason: "Goodwill for the weather delay", amount: 500 }),
    "PATCH /api/user": json({ firstName: "Ada", lastName: "Lovelace", phone: "+1 312 496 0100" }),
    "POST /api/invitations/check": json({ token: "a".repeat(43) }),
    "POST /api/invitations/accept": json({
      token: "a".repeat(43),
      username: "fuzz-invited",
      password: "correct-horse",
      firstName: "Fuzz",
      lastName: "Invited",
    }),
    "PATCH /api/admin/settings": json({
      businessName: "Prairie Drone Works",
      currency: "EUR",
      taxRatePercent: 19,
      taxLabel: "VAT",
      timeZone: "America/Chicago",
    }),
    "POST /api/admin/settings/logo": multipart({}),
    "POST /api/admin/site-images": multipart({}),
    "DELETE /api/admin/site-images/:id": fc.constant({ kind: "none" }),
    "POST /api/admin/settings/test-mail": json({ to: "owner@example.com" }),
    "POST /api/admin/pilots/:userId/certificates": json({ type: "faa-part-107", number: "4123456", issuedOn: "2025-01-10", expiresOn: "2027-01-31" }),
    "PATCH /api/admin/pilots/:userId/certificates/:id": json({ expiresOn: "2027-06-30" }),
    "POST /api/admin/pilots/:userId/certificates/:id/scanned-copy": multipart({}),
    "POST /api/admin/insurance/:id/scanned-copy": multipart({}),
    "POST /api/admin/aircraft": json({
      make: "DJI",
      model: "Mavic 3T",
      serial: "1581F5FHD23460010",
      registration: "FA3XYZ1234",
      registrationExpiresOn: "2028-05-01",
    }),
    "PATCH /api/admin/aircraft/:id": json({ status: "grounded" }),
    "POST /api/admin/jobs/:id/flight-log": multipart({}),
    "POST /api/admin/aircraft/:id/batteries": json({ serial: "TB30-0042", cyclesBefore: 12, healthPercent: 97 }),
    "PATCH /api/admin/aircraft/:id/batteries/:batteryId": json({ healthPercent: 91 }),
    "POST /api/admin/aircraft/:id/maintenance": json({ doneOn: "2031-03-01", work: "Propellers replaced", doneBy: "Sam Ortiz", nextDueHoursTenths: 2000 }),
    "PATCH /api/admin/aircraft/:id/maintenance/:entryId": json({ nextDueOn: "2031-09-01" }),
    "POST /api/admin/insurance": json({
      insurer: "Skyline Aviation Mutual",
      policyNumber: "SAM-2031-0042",
      startsOn: "2031-01-01",
      expiresOn: "2031-12-31",
      perOccurrenceLimit: 100_000_000,
      aggregateLimit: 200_000_000,
    }),
    "PATCH /api/admin/insurance/:id": json({ expiresOn: "2032-06-30" }),
    "POST /api/admin/price-list": json({ description: "Thermal inspection", unit: "acre", unitPrice: 4500 }),
    "PATCH /api/admin/price-list/:id": json({ unitPrice: 5000 }),
    "DELETE /api/admin/price-list/:id": fc.constant({ kind: "none" }),
    "POST /api/admin/customers": json({ email: "phone-in@example.com", firstName: "Phone", lastName: "In", company: "Pecan Creek Solar", invite: false }),
    "POST /api/admin/invitations": json({ email: "new-pilot@example.com", role: "pilot", firstName: "New", lastName: "Pilot" }),
    "DELETE /api/admin/invitations/:id": fc.constant({ kind: "none" }),
    // Any TIFF header without a georeference: refused by validateGeoTiff, which must say why rather than fail.
    "POST /api/admin/jobs/:id/layers": fc
      .record({
        replace: fc.dictionary(fc.constantFrom("kind", "title", "capturedAt", "bands", "extra"), nastyString, { maxKeys: 2 }),
        file: fc.oneof(anyFile, fc.constant({ name: "dem.tif", type: "image/tiff", content: tiffHeader })),
      })
      .map<Body>(({ replace, file }) => ({
        kind: "multipart",
        fields: { kind: "elevation", title: "North field DSM", ...replace },
        ...(file ? { file } : {}),
      })),
    "DELETE /api/admin/map-layers/:id": fc.constant({ kind: "none" }),
    "POST /api/admin/jobs/:id/site-layout": fc
      .record({
        file: fc.oneof(
          anyFile,
          fc.constantFrom(
            {
              name: "tables.geojson",
              type: "application/geo+json",
              content: Buffer.from(
                '{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"block":"A","row":3},"geometry":{"type":"Polygon","coordinates":[[[2.35,48.85],[2.351,48.85],[2.351,48.851],[2.35,48.85]]]}},{"geometry":7}]}',
              ),
            },
            {
              name: "fields.kml",
              type: "application/vnd.google-earth.kml+xml",
              content: Buffer.from(
                "<kml><Placemark><name>North</name><Polygon><outerBoundaryIs><LinearRing><coordinates>2.35,48.85 2.351,48.85 2.351,48.851 2.35,48.85</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark></kml>",
              ),
            },
          ),
        ),
      })
      .map<Body>(({ file }) => ({ kind: "multipart", fields: {}, ...(file ? { file } : {}) })),
    "DELETE /api/admin/jobs/:id/site-layout": fc.constant({ kind: "none" }),
    "POST /api/admin/layers/:id/detect": fc.constant({ kind: "none" }),
    "POST /api/admin/jobs/:id/findings": json({
      class: "hot_spot",
      lat: 48.85,
      lon: 2.35,
      locator: "B-4-2-17",
      maxTemp: 61.2,
      refTemp: 47.5,
      deltaT: 13.7,
      powerLoss: 0.35,
      mediaIds: [scene.ids[1]],
      note: "Cracked cell",
    }),
    "PATCH /api/admin/findings/:id": json({
      severity: "critical",
      severityReason: "Burn mark",
      status: "dismissed",
      dismissReason: "Reflection",
      comment: "Re-measured",
    }),
    "PATCH /api/findings/:id": json({ status: "repair_planned", comment: "Installer booked" }),
    "PUT /api/admin/jobs/:id/inspection-conditions": json({
      irradiance: 812,
      ambientTemp: 21.5,
      windSpeed: 3.2,
      cloudCover: 2,
      cloudUnit: "oktas",
      aircraft: "M350 RTK",
      camera: "H20T",
    }),
    "PUT /api/admin/jobs/:id/preflight-checklist": json({ answers: [{ itemId: 1, checked: true, value: "DAA-2026-118" }] }),
    "PUT /api/admin/checklist-items": json({
      items: [{ label: "NOTAMs checked", kind: "blocker", needsValue: false, thermalOnly: false, source: null }],
    }),
    "POST /api/admin/jobs/:id/report": fc.constant({ kind: "none" }),
    "POST /api/admin/jobs/:id/findings/import": fc
      .record({
        replace: fc.dictionary(fc.constantFrom("mapping", "extra"), nastyString, { maxKeys: 2 }),
        file: fc.oneof(
          anyFile,
          fc.constantFrom(
            { name: "findings.csv", type: "text/csv", content: Buffer.from("class,lat,lon,deltaT\nhot_spot,48.85,2.35,12\nweeds,95,2.35,x\n") },
            {
              name: "findings.geojson",
              type: "application/geo+json",
              content: Buffer.from(
                '{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[2.35,48.85]},"properties":{"class":"pid","severity":"minor"}},{"geometry":7}]}',
              ),
            },
            {
              name: "findings.kml",
              type: "application/vnd.google-earth.kml+xml",
              content: Buffer.from('<kml><Placemark><ExtendedData><Data name="class"><value>&#x1F4A5;&bogus;</value></Data></ExtendedData></Placemark></kml>'),
            },
          ),
        ),
      })
      .map<Body>(({ replace, file }) => ({ kind: "multipart", fields: { mapping: '{"class":"class"}', ...replace }, ...(file ? { file } : {}) })),
    "POST /api/jobs/:id/documents": multipart({ title: "Site plan" }),
    "POST /api/jobs/:id/share-links": json({
      expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      pin: "482193",
      allowDownload: true,
      items: { reports: [], media: [scene.ids[1]], layers: [], siteMap: true },
    }),
    "DELETE /api/share-links/:id": fc.constant({ kind: "none" }),
    "POST /api/share/:token/pin": json({ pin: "482193" }),
    "DELETE /api/jobs/:id/documents/:docId": fc.constant({ kind: "none" }),
    "POST /api/reset-password/check": json({ token: "a".repeat(43) }),
    "PATCH /api/admin/reports/:id": json({ title: "Roof survey, north block", description: "Thermal, corrected" }),
    "DELETE /api/admin/reports/:id": fc.constant({ kind: "none" }),
    "PATCH /api/admin/media/:id": json({ title: "North field pass", description: "Drone pass, renamed" }),
    "POST /api/admin/testimonials": json({ quote: "They found every hot spot.", author: "Dana Reyes", role: "Asset manager, Sunfield Solar", published: true }),
    "PATCH /api/admin/testimonials/:id": json({ quote: "Fast and careful.", published: false }),
    "DELETE /api/admin/testimonials/:id": fc.constant({ kind: "none" }),
    "POST /api/admin/case-studies": json({ jobId: scene.ids[8], title: "Forty hotspots in a morning", figures: [{ label: "Site area", value: "12 acres" }] }),
    "PATCH /api/admin/case-studies/:id": json({ summary: "A thermal pass.", showMap: false }),
    "DELETE /api/admin/case-studies/:id": fc.constant({ kind: "none" }),
    "POST /api/admin/case-studies/:id/consent-request": fc.constant({ kind: "none" }),
    "POST /api/jobs/:id/case-study/consent": json({ decision: "grant", showName: true }),
    "POST /api/admin/testimonials/:id/move": json({ direction: "up" }),
    "POST /api/admin/badges": json({
      kind: "insurance",
      title: "Aviation liability insurance",
      issuer: "Global Aerospace",
      reference: "POL-77-1209",
      detail: "$5,000,000 liability cover",
      validUntil: "2030-06-30",
      link: "https://insurer.example/verify",
      shown: true,
    }),
    "PATCH /api/admin/badges/:id": json({ title: "FAA Part 107 Remote Pilot", validUntil: null, shown: false }),
    "DELETE /api/admin/badges/:id": fc.constant({ kind: "none" }),
    "POST /api/admin/badges/:id/move": json({ direction: "down" }),
    "POST /api/admin/gallery-categories": json({ name: "Solar farms" }),
    "PATCH /api/admin/gallery-categories/:id": json({ name: "Farmland" }),
    "DELETE /api/admin/gallery-categories/:id": fc.constant({ kind: "none" }),
    "POST /api/admin/gallery-categories/:id/move": json({ direction: "up" }),
    "PATCH /api/admin/media/:id/category": json({ categoryId: null }),
    "POST /api/admin/media/category": json({ ids: [1, 2], categoryId: null }),
    "PUT /api/admin/social-links": json({ facebook: "https://facebook.com/skyvantage", linkedin: "https://www.linkedin.com/company/skyvantage" }),
    "POST /api/admin/pages": json({ slug: "roof-inspections", navLabel: "ROOFS" }),
    "PUT /api/admin/pages/:key/draft": json({ revision: 0, document: DEFAULT_SERVICE_PAGES["solar-inspections"] }),
    "POST /api/admin/pages/:key/publish": json({ revision: 0 }),
    "POST /api/admin/pages/:key/restore": json({ version: 1 }),
    "POST /api/admin/pages/:key/preview-link": fc.constant({ kind: "none" }),
    // Resumable uploads: a creation whose metadata (tus's base64 pairs) has a field changed to anything, and the calls on an upload.
    "POST /api/uploads": mutatedJson({ kind: "report", filename: "survey.pdf", filetype: "application/pdf", ...mediaFields }).map<Body>((fields) => ({
      kind: "tus",
      headers: {
        "upload-length": "1000",
        "upload-metadata": encodeMetadata(
          Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, typeof value === "string" ? value : (JSON.stringify(value) ?? "")])),
        ),
      },
    })),
    "OPTIONS /api/uploads": fc.constant({ kind: "none" }),
    "PATCH /api/uploads/:id": fc.constantFrom<Body>(
      { kind: "tus", headers: { "content-type": "application/offset+octet-stream", "upload-offset": "0" }, bytes: "%PDF-1.4" },
      { kind: "tus", headers: { "content-type": "application/offset+octet-stream", "upload-offset": "-1" }, bytes: "x" },
    ),
    "DELETE /api/uploads/:id": fc.constant({ kind: "tus", headers: {} }),
    "PUT /api/jobs/:id/site-boundary": json({ type: "Polygon", coordinates: [SMALL_SITE_RING] }),
  };
}

// ---- Sending and judging ----

function injectOptions(method: string, url: string, body: Body, headers: Record<string, string>): InjectOptions {
  const options: InjectOptions = { method: method as InjectOptions["method"], url, headers };
  return { ...options, ...payloadOf(body, headers) };
}

function payloadOf(body: Body, headers: Record<string, string>): Pick<InjectOptions, "payload" | "headers"> {
  switch (body.kind) {
    case "none":
      return {};
    case "json":
      return { payload: JSON.stringify(body.value) ?? "null", headers: { ...headers, "content-type": "application/json" } };
    case "raw":
      return { payload: body.text, headers: { ...headers, "content-type": body.contentType } };
    case "signed":
      return { payload: body.text, headers: { ...headers, "content-type": "application/json", "stripe-signature": body.signature } };
    case "tus":
      return { ...(body.bytes === undefined ? {} : { payload: body.bytes }), headers: { ...headers, "tus-resumable": "1.0.0", ...body.headers } };
    case "multipart":
      throw new Error("multipart bodies are built asynchronously");
  }
}

/** What is wrong with an answer, or null: no 5xx, and every 4xx a JSON `{ message }` that says something. */
function faultOf(res: LightMyRequestResponse, allowed?: (res: LightMyRequestResponse) => boolean): string | null {
  if (allowed?.(res)) return null;
  if (res.statusCode >= 500) return `answered ${res.statusCode}`;
  if (res.statusCode < 400) return null;
  if (!String(res.headers["content-type"] ?? "").includes("application/json")) return `${res.statusCode} is not JSON (${res.headers["content-type"]})`;
  let message: unknown;
  try {
    message = (res.json() as { message?: unknown }).message;
  } catch {
    return `${res.statusCode} body is not valid JSON`;
  }
  return typeof message === "string" && message.trim() !== "" ? null : `${res.statusCode} has no message`;
}

interface Failure {
  route: string;
  fault: string;
  request: string;
  body: string;
  log?: string;
}

interface AttackOptions {
  seed: number;
  /** The app's error log, quoted in a failure. */
  log: string[];
  /** Logs the role in again after a request ended its session. */
  renewSession: (role: Exclude<Role, "visitor">) => Promise<void>;
  /** An answer the route gives by design (the webhook without Stripe). */
  allowed?: (res: LightMyRequestResponse) => boolean;
}

/** RUNS_PER_ROLE generated requests to one route as each role; the first fault found, or null. */
async function attack(
  t: TestApp,
  route: Route,
  cookies: Readonly<Record<Role, string | undefined>>,
  ids: number[],
  bodies: fc.Arbitrary<Body>,
  options: AttackOptions,
): Promise<Failure | null> {
  const pathArb = fc
    .tuple(
      ...route.url
        .split("/")
        .map((segment) =>
          segment.startsWith(":") ? paramValue(ids) : segment === "*" ? fc.string({ maxLength: 10 }).map(encodeURIComponent) : fc.constant(segment),
        ),
    )
    .map((segments) => segments.join("/"));
  const requestArb = fc.record({ path: pathArb, query: queryString, headers: extraHeaders, body: bodies });
  let failure: Failure | null = null;
  const send = async (role: Role, { path, query, headers, body }: { path: string; query: string; headers: Record<string, string>; body: Body }) => {
    const cookie = cookies[role];
    const allHeaders: Record<string, string> = { ...headers, ...(cookie ? { cookie } : {}) };
    const url = path + query;
    const request =
      body.kind === "multipart" ? await multipartOptions(route.method, url, body, allHeaders) : injectOptions(route.method, url, body, allHeaders);
    const logged = options.log.length;
    const res = await t.app.inject(request);
    // A login or sign-up ends the session it was sent with; the role logs in again.
    if (role !== "visitor" && res.cookies.some((set) => set.name === "sv_session")) await options.renewSession(role);
    const fault = faultOf(res, options.allowed);
    if (!fault) return true;
    failure = {
      route: `${route.method} ${route.url}`,
      fault,
      request: `${role}: ${route.method} ${url} ${JSON.stringify(headers)} ${JSON.stringify(body).slice(0, 300)}`,
      body: res.body.slice(0, 300),
      log: options.log.slice(logged).join("\n").slice(0, 1_000) || undefined,
    };
    return false;
  };
  for (const [index, role] of ROLES.entries()) {
    const property = fc.asyncProperty(requestArb, (request) => send(role, request));
    const result = await fc.check(property, { seed: options.seed + index, numRuns: RUNS_PER_ROLE, endOnFailure: true });
    if (result.failed) return failure;
  }
  return null;
}

async function multipartOptions(
  method: string,
  url: string,
  body: Extract<Body, { kind: "multipart" }>,
  headers: Record<string, string>,
): Promise<InjectOptions> {
  const multipart = await multipartBody(body.fields, body.file);
  return { method: method as InjectOptions["method"], url, payload: multipart.payload, headers: { ...headers, ...multipart.headers } };
}

describe("every route, attacked as every role", () => {
  const errors = logLines();
  let t: TestApp;
  let stripeApp: TestApp;
  let scene: Scene;
  const stripeSigner = new Stripe("sk_test_signer").webhooks;
  const eventTypes = [
    "payment_intent.succeeded",
    "payment_intent.payment_failed",
    "payment_intent.canceled",
    "invoice.paid",
    "invoice.payment_failed",
    "customer.subscription.updated",
    "customer.subscription.deleted",
    "charge.refunded",
    "refund.updated",
    "refund.failed",
    "charge.refund.updated",
  ];

  beforeAll(async () => {
    const env = { RATE_LIMIT_PAYMENT_MAX: "1000", RATE_LIMIT_LOGIN_ACCOUNT_MAX: "1000" };
    t = await createTestApp(env, { logger: { level: "error", stream: errors.stream } });
    stripeApp = await createTestApp(env, {
      logger: { level: "error", stream: errors.stream },
      // Only the webhook is attacked here, and it never calls Stripe: a closed port answers nothing.
      payments: await createStripeProvider({
        secretKey: "sk_test_fuzz",
        publishableKey: "pk_test_fuzz",
        webhookSecret: WEBHOOK_SECRET,
        api: { host: "127.0.0.1", port: 9, protocol: "http" },
      }),
    });
    scene = await buildScene(t);
  });
  afterAll(async () => {
    await t?.close();
    await stripeApp?.close();
  });

  /** A Stripe event signed with the webhook secret, about anything: Stripe's word is trusted, its content still checked. */
  const signedEvent = fc
    .record({
      n: fc.nat(),
      type: fc.constantFrom(...eventTypes),
      object: fc.oneof(
        fc.dictionary(fc.constantFrom("id", "status", "amount_paid", "items", "parent", "last_payment_error"), nastyValue),
        fc.jsonValue({ maxDepth: 2 }),
      ),
    })
    .map(({ n, type, object }) => {
      const payload = JSON.stringify({ id: `evt_fuzz${n}`, object: "event", type, created: 1, data: { object } });
      return { payload, signature: stripeSigner.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) };
    });

  // Every route attacked by every role: its time grows with the routes (over 30 s on a busy 2-core host), so it has a budget of its own.
  it("no route answers 5xx, and every 4xx carries a message", async () => {
    const cookies: Record<Role, string | undefined> = {
      visitor: undefined,
      customer: scene.users.customer.cookie,
      otherCustomer: scene.users.otherCustomer.cookie,
      admin: scene.users.admin.cookie,
    };
    const renewSession = async (role: Exclude<Role, "visitor">) => {
      const { user, password } = scene.users[role];
      cookies[role] = sessionCookieOf(await t.app.inject({ method: "POST", url: "/api/login", payload: { username: user.username, password } }));
    };
    const routes = registeredRoutes(t.app).map(([method, url]) => ({ method, url }));
    const bodies = validBodies(scene);
    const takesBody = (route: Route) => route.method !== "GET";
    expect(routes.filter((route) => takesBody(route) && !bodies[`${route.method} ${route.url}`]).map((route) => `${route.method} ${route.url}`)).toEqual([]);

    const failures: Failure[] = [];
    for (const [index, route] of routes.entries()) {
      const valid = bodies[`${route.method} ${route.url}`];
      const routeBodies = valid ? fc.oneof(valid, valid, strangeBody) : fc.oneof(fc.constant<Body>({ kind: "none" }), strangeBody);
      // Without Stripe the webhook is switched off, and says so.
      const allowed =
        route.url === "/api/stripe/webhook"
          ? (res: LightMyRequestResponse) => res.statusCode === 503 && res.json().message === paymentMessages.notConfigured
          : undefined;
      const failure = await attack(t, route, cookies, scene.ids, routeBodies, { seed: SEED + index * ROLES.length, log: errors.lines, renewSession, allowed });
      if (failure) failures.push(failure);
    }

    const webhook = { method: "POST", url: "/api/stripe/webhook" };
    const webhookBodies = fc.oneof(
      strangeBody,
      signedEvent.map<Body>(({ payload, signature }) => ({ kind: "signed", text: payload, signature })),
    );
    const stripeFailure = await attack(
      stripeApp,
      webhook,
      { visitor: undefined, customer: undefined, otherCustomer: undefined, admin: undefined },
      scene.ids,
      webhookBodies,
      { seed: SEED, log: errors.lines, renewSession: async () => undefined },
    );
    if (stripeFailure) failures.push(stripeFailure);

    expect(failures).toEqual([]);
  }, 120_000);

  it("refuses an upload that is not multipart, or ends mid-part, with a 400 (each once failed with a 500)", async () => {
    // A fresh admin: the attack above may have ended the scene's sessions.
    const { cookie } = await createAdmin(t);
    for (const [contentType, payload] of [
      ["multipart/form-data", "no boundary"],
      ["multipart/form-data; boundary=x", '--x\r\nContent-Disposition: form-data; name="title"\r\n\r\nA field, and then nothing\r\n'],
    ] as const) {
      const res = await t.app.inject({ method: "POST", url: "/api/upload-media", payload, headers: { "content-type": contentType, cookie } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: "The upload is not a well-formed multipart/form-data body" });
    }
  });

  it("refuses a signed Stripe event without the fields its type promises, and records nothing (it once failed with a 500)", async () => {
    const payload = JSON.stringify({ id: "evt_shapeless", object: "event", type: "customer.subscription.updated", created: 1, data: { object: [] } });
    const signature = stripeSigner.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const res = await stripeApp.app.inject({
      method: "POST",
      url: "/api/stripe/webhook",
      payload,
      headers: { "content-type": "application/json", "stripe-signature": signature },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: "The event does not carry the fields its type promises" });
    expect(await stripeApp.database.db.select().from(paymentEvents).where(eq(paymentEvents.id, "evt_shapeless"))).toEqual([]);
  });
});
