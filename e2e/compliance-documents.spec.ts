// Scanned copies in the browser (docs/decisions/0075-scanned-copies.md): a pilot uploads their
// certificate's scan under My certificates, a refused file is said under it; the owner views and
// replaces it in Fleet & compliance, the history keeps the replaced one, a policy gets its document,
// and a share link carrying the job's compliance packet opens for someone without an account. The
// pilot and customer are this test's own: the run's server is shared.
import type { APIRequestContext } from "@playwright/test";
import sharp from "sharp";
import type { JobDetail } from "@common/contract/jobs";
import type { PublicUser } from "@common/contract/users";
import { expectNoHorizontalOverflow, jobPageAt, openBackOffice, scheduleViaApi } from "./admin-jobs";
import { expect, json, registerCustomer, severeViolations, test, uniqueId } from "./fixtures";

const me = async (request: APIRequestContext) => json<PublicUser>(await request.get("/api/user"));
const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

test("a certificate's scanned copy and a policy's document are uploaded, viewed and replaced, and the compliance packet opens by its share link", async ({
  browser,
  adminPage,
  adminApi,
}) => {
  const run = uniqueId();
  const scan = await sharp({ create: { width: 120, height: 80, channels: 3, background: "#1f5f8b" } })
    .png()
    .toBuffer();
  // A pilot of this test's own, signed in in a context of theirs.
  const pilotContext = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const pilot = await registerCustomer(pilotContext.request, { firstName: "Amelia", lastName: `Earhart ${run}` });
  const { id: pilotId } = await me(pilotContext.request);
  expect((await adminApi.patch(`/api/admin/users/${pilotId}`, { data: { role: "pilot" } })).status()).toBe(200);
  const number = `P107-${run}`;
  await json(
    await adminApi.post(`/api/admin/pilots/${pilotId}/certificates`, {
      data: { type: "faa-part-107", number, issuedOn: "2025-01-10", expiresOn: "2040-01-31" },
    }),
    201,
  );
  const policyNumber = `POL-${run}`;
  await json(
    await adminApi.post("/api/admin/insurance", {
      data: {
        insurer: "Skyline Mutual",
        policyNumber,
        startsOn: "2025-01-01",
        expiresOn: "2040-12-31",
        perOccurrenceLimit: 100_000_000,
        aggregateLimit: 200_000_000,
      },
    }),
    201,
  );

  // The pilot, on a phone: My certificates offers the upload; a text file is refused with the reason.
  const pilotPage = await pilotContext.newPage();
  const own = await openBackOffice(pilotPage, "My certificates");
  // The certificate's own item, not its history's (whose notes name the number too).
  const certificate = own.getByRole("listitem").filter({ hasText: `FAA Part 107 ${number}` });
  await expect(certificate).toContainText("Scanned copy: none on file");
  const picker = certificate.getByLabel(`upload the scanned copy of certificate ${number} (PDF, JPEG or PNG)`);
  await picker.setInputFiles({ name: "licence.pdf", mimeType: "application/pdf", buffer: Buffer.from("not a scan at all") });
  await expect(certificate.getByRole("alert")).toHaveText("The scanned copy must be a PDF, JPEG or PNG file");
  await picker.setInputFiles({ name: "licence.png", mimeType: "image/png", buffer: scan });
  const view = certificate.getByRole("link", { name: `view the scanned copy of certificate ${number}` });
  await expect(view).toBeVisible();
  await expect(certificate.getByRole("alert")).toHaveCount(0);
  const served = await pilotPage.request.get((await view.getAttribute("href")) ?? "");
  expect([served.status(), served.headers()["content-type"], (await served.body()).equals(scan)]).toEqual([200, "image/png", true]);
  await expectNoHorizontalOverflow(pilotPage, "My certificates at 360 px");
  expect(await severeViolations(pilotPage), "serious or critical axe violations on My certificates").toBe("");
  await pilotPage.screenshot({ path: test.info().outputPath("my-certificates-360.png"), fullPage: true });
  await pilotContext.close();

  // The owner replaces it in Fleet & compliance; the history links to the copy it replaced.
  await adminPage.setViewportSize({ width: 1366, height: 768 });
  const fleet = await openBackOffice(adminPage, "Fleet & compliance");
  await fleet.getByLabel("Pilot", { exact: true }).selectOption({ label: `Amelia Earhart ${run} (${pilot.username})` });
  const row = fleet.getByRole("listitem").filter({ hasText: `FAA Part 107 ${number}` });
  await row.getByLabel(`replace the scanned copy of certificate ${number} (PDF, JPEG or PNG)`).setInputFiles({
    name: "renewed.pdf",
    mimeType: "application/pdf",
    buffer: PDF,
  });
  await expect(row.getByText(/Scanned copy replaced by renewed\.pdf/)).toBeAttached();
  await row.getByText("History (3)").click();
  const older = row.getByRole("link", { name: "view this copy" }).first();
  expect((await (await adminPage.request.get((await older.getAttribute("href")) ?? "")).body()).equals(scan)).toBe(true);

  // The policy's document.
  const policyRow = fleet.getByRole("row").filter({ hasText: policyNumber });
  await policyRow.getByLabel(`upload the scanned copy of policy ${policyNumber} (PDF, JPEG or PNG)`).setInputFiles({
    name: "schedule.pdf",
    mimeType: "application/pdf",
    buffer: PDF,
  });
  await expect(policyRow.getByRole("link", { name: `view the scanned copy of policy ${policyNumber}` })).toBeVisible();
  expect(await severeViolations(adminPage), "serious or critical axe violations on Fleet & compliance").toBe("");
  await adminPage.setViewportSize({ width: 360, height: 780 });
  await expect(fleet.getByRole("link", { name: `view the scanned copy of policy ${policyNumber}` })).toBeAttached();
  await expectNoHorizontalOverflow(adminPage, "Fleet & compliance at 360 px");
  await adminPage.screenshot({ path: test.info().outputPath("fleet-copies-360.png"), fullPage: true });

  // A job flown by the pilot, shared with its packet only: the recipient has no account.
  const customerContext = await browser.newContext();
  await registerCustomer(customerContext.request, { firstName: "Bessie", lastName: `Stringfield ${run}` });
  const { id: customerId } = await me(customerContext.request);
  await customerContext.close();
  const services = await json<{ data: { id: number }[] }>(await adminApi.get("/api/services?active=true"));
  const opened = await adminApi.post("/api/admin/jobs", {
    data: {
      userId: customerId,
      serviceId: services.data[0]!.id,
      title: `Mast survey ${run}`,
      site: { name: `Mast ${run}`, address: "", latitude: null, longitude: null },
    },
  });
  const { id: jobId } = (await json<{ data: JobDetail }>(opened, 201)).data;
  const start = new Date(Date.now() + 30 * 86_400_000);
  start.setUTCHours(12, 0, 0, 0);
  await scheduleViaApi(adminApi, jobId, { start: start.toISOString(), end: new Date(start.getTime() + 3_600_000).toISOString(), pilotId });
  // The owner shares the job's packet alone, from the job's page.
  await adminPage.setViewportSize({ width: 1366, height: 768 });
  const job = await jobPageAt(adminPage, jobId, `Mast survey ${run}`);
  await expect(job).toBeVisible();
  await adminPage.getByRole("region", { name: "Deliverables", exact: true }).getByRole("button", { name: "Share" }).click();
  const dialog = adminPage.getByRole("dialog", { name: "Share this job" });
  await dialog.getByLabel("Share everything delivered, later deliveries too").uncheck();
  await dialog.getByLabel("Site map (the boundary)").uncheck();
  await dialog.getByLabel(/^Findings/).uncheck();
  await dialog.getByLabel(/^Compliance packet \(PDF\)/).check();
  await dialog.getByRole("button", { name: "Create link" }).click();
  const url = await dialog.getByLabel("New link: copy it now, it is shown only once").inputValue();
  await expect(dialog.getByText(/Downloads allowed · compliance packet/)).toBeVisible();
  const recipient = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const page = await recipient.newPage();
  await page.goto(url);
  const packet = page.getByRole("region", { name: "Compliance packet" });
  await expect(packet.getByRole("link", { name: "View the compliance packet" })).toBeVisible();
  await expect(packet.getByRole("link", { name: "renewed.pdf", exact: true })).toBeVisible();
  await expect(packet.getByRole("link", { name: "schedule.pdf", exact: true })).toBeVisible();
  const pdf = await page.request.get((await packet.getByRole("link", { name: "Download the compliance packet (PDF)" }).getAttribute("href")) ?? "");
  expect([pdf.status(), pdf.headers()["content-type"], (await pdf.body()).subarray(0, 5).toString()]).toEqual([200, "application/pdf", "%PDF-"]);
  await expectNoHorizontalOverflow(page, "the shared packet at 360 px");
  await page.screenshot({ path: test.info().outputPath("shared-packet-360.png"), fullPage: true });
  await recipient.close();
});
