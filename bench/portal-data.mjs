// A customer with something in every part of the portal, made through the HTTP API of a running
// server as the site's own screens make it, for the benches that audit the logged-in screens
// (bench/lighthouse.mjs). The customer registers and asks for a quote (which opens a job of its
// own, left pending); the admin opens a second job, sends its estimate (no deposit), the customer
// signs it, uploads a document and writes a message; the admin schedules, flies and delivers the
// job, delivers a report and a photo to it, issues the final invoice and records a bank transfer
// against it (the one payment production can take without Stripe: the card checkout needs Stripe
// there, the demo provider exists only outside production). Subscriptions need Stripe too, so that
// tab stays empty.
import sharp from "sharp";
import { tsImport } from "tsx/esm/api";
import { loginCookie } from "./server-process.mjs";

const { formatQuoteMessage } = await tsImport("../common/quotes.ts", import.meta.url);

const DAY_MS = 86_400_000;
const isoDate = (ms) => new Date(ms).toISOString().slice(0, 10);
const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

/** A request that must answer `expected`; answers the JSON body's `data` (or the body). */
async function call(base, cookie, method, url, body, expected = 200) {
  const multipart = body instanceof FormData;
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { cookie, ...(body && !multipart ? { "content-type": "application/json" } : {}) },
    body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== expected) throw new Error(`${method} ${url} answered ${response.status} (expected ${expected}): ${text.slice(0, 300)}`);
  const json = text ? JSON.parse(text) : {};
  return json.data ?? json;
}

function form(fields, file) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, String(value));
  data.append("file", new Blob([file.bytes], { type: file.type }), file.name);
  return data;
}

/**
 * Makes the data and answers the two sessions ("name=value" cookies) and the delivered job's id.
 * `admin` is the server's administrator ({ username, password }), who also flies the job.
 */
export async function seedPortal(base, admin) {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const customer = { username: `bench-${id}`, email: `bench-${id}@example.com`, firstName: "Jean", lastName: "Batten", password: `bench-secret-${id}` };
  await call(base, "", "POST", "/api/register", customer, 201);
  const customerCookie = await loginCookie(base, { username: customer.username, password: customer.password });
  const adminCookie = await loginCookie(base, admin);
  const asCustomer = (method, url, body, expected) => call(base, customerCookie, method, url, body, expected);
  const asAdmin = (method, url, body, expected) => call(base, adminCookie, method, url, body, expected);

  const { id: userId } = await asCustomer("GET", "/api/user");
  const { id: adminId } = await asAdmin("GET", "/api/user");
  const [service] = await asAdmin("GET", "/api/services?active=true");
  if (!service) throw new Error("the catalogue has no active service");

  // A quote request: the quote, pending, and its job, requested.
  const quote = {
    serviceType: "photography",
    description: "Aerial photos of the farm for the open day in June",
    budget: "$500 - $1,000",
    timeline: "Within a month",
  };
  await asCustomer("POST", "/api/contact", { name: "Jean Batten", email: customer.email, service: quote.serviceType, message: formatQuoteMessage(quote) }, 201);

  // A job carried to delivery, invoiced and part paid.
  const job = await asAdmin(
    "POST",
    "/api/admin/jobs",
    {
      userId,
      serviceId: service.id,
      title: "North array thermal inspection",
      site: { name: "North array", address: "1 Solar Way, Austin, TX", latitude: 30.2672, longitude: -97.7431 },
    },
    201,
  );
  const estimate = await asAdmin(
    "POST",
    "/api/admin/estimates",
    {
      jobId: job.id,
      lines: [
        { description: "Thermal inspection", quantity: 40, unit: "acre", unitPrice: 4_500 },
        { description: "Orthomosaic map of the whole site", quantity: 1, unit: "", unitPrice: 35_000, optional: true },
      ],
      deposit: { amount: 0 },
      validUntil: isoDate(Date.now() + 30 * DAY_MS),
      note: "Flights are planned for dry mornings.",
    },
    201,
  );
  await asCustomer("POST", `/api/estimates/${estimate.id}/accept`, { signatureName: "Jean Batten", optionalLineIds: [] });
  await asCustomer("POST", `/api/jobs/${job.id}/messages`, { body: "The gate code is 4321; the array is behind the barn." }, 201);
  await asCustomer("POST", `/api/jobs/${job.id}/documents`, form({ title: "Site plan" }, { bytes: PDF, type: "application/pdf", name: "site-plan.pdf" }), 201);
  const start = Date.now() - 3 * DAY_MS;
  await asAdmin("PATCH", `/api/admin/jobs/${job.id}`, {
    status: "scheduled",
    scheduledStart: new Date(start).toISOString(),
    scheduledEnd: new Date(start + 3 * 3_600_000).toISOString(),
    timeZone: "UTC",
    pilotId: adminId,
  });
  await asAdmin("PATCH", `/api/admin/jobs/${job.id}`, {
    status: "flown",
    flight: { flownOn: isoDate(start), durationMinutes: 45, aircraft: "M30T", wind: "8 km/h" },
    // A new install's pre-flight checklist is not ticked here: the bench's data is not a flight (decision 0074).
    overrideReason: "Benchmark data, no flight flown",
  });
  await asAdmin("PATCH", `/api/admin/jobs/${job.id}`, { status: "delivered" });

  const deliverable = { userId, serviceId: service.id, jobId: job.id };
  await asAdmin(
    "POST",
    "/api/admin/reports",
    form(
      { ...deliverable, title: "Thermal report", description: "Three hot spots on rows 4 and 9" },
      { bytes: PDF, type: "application/pdf", name: "report.pdf" },
    ),
    201,
  );
  const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#1e3a5f" } })
    .jpeg()
    .toBuffer();
  await asAdmin(
    "POST",
    "/api/admin/media",
    form({ ...deliverable, title: "Array overview", description: "From 60 m, looking north" }, { bytes: photo, type: "image/jpeg", name: "overview.jpg" }),
    201,
  );

  const invoice = await asAdmin("POST", "/api/admin/invoices", { jobId: job.id }, 201);
  await asAdmin(
    "POST",
    `/api/admin/invoices/${invoice.id}/payments`,
    { amount: Math.round(invoice.balance / 2), method: "bank_transfer", reference: "Transfer 0042" },
    201,
  );

  // What the customer's tabs will show.
  const counts = {};
  for (const [name, url] of [
    ["jobs", "/api/jobs"],
    ["quotes", "/api/quotes"],
    ["reports", "/api/reports"],
    ["media", "/api/media"],
    ["payments", "/api/payments"],
    ["subscriptions", "/api/subscriptions"],
  ]) {
    counts[name] = (await asCustomer("GET", url)).length;
  }
  return { customerCookie, adminCookie, jobId: job.id, counts };
}
