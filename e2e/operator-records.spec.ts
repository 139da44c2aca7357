// The operator's records in the browser (docs/decisions/0068-operator-records.md): the owner records
// a certificate for a pilot, whose Part 107 recurrent training falls due the day before the flight,
// and an aircraft; scheduling the job with them is refused with the reason, and the owner overrides
// it with a written reason, which the job's history keeps. The pilot and customer are this test's
// own: the run's server is shared.
import type { APIRequestContext } from "@playwright/test";
import type { JobDetail } from "@common/contract/jobs";
import type { PublicUser } from "@common/contract/users";
import { expectJobState, expectNoHorizontalOverflow, jobPageAt, openBackOffice } from "./admin-jobs";
import { expect, json, registerCustomer, severeViolations, test, uniqueId } from "./fixtures";

test.use({ viewport: { width: 1366, height: 768 } });

const me = async (request: APIRequestContext) => json<PublicUser>(await request.get("/api/user"));

/** The day `days` from now as YYYY-MM-DD (UTC), for a flight at noon UTC: the same calendar day in the business's zone (America/Recife). */
function dayIn(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

test("a pilot whose recurrent training falls due the day before the flight is refused with the reason, and an override schedules the job", async ({
  browser,
  adminPage,
  adminApi,
}) => {
  const run = uniqueId();
  // A pilot and a customer of this test's own, and a job opened for the customer.
  const pilotContext = await browser.newContext();
  const pilot = await registerCustomer(pilotContext.request, { firstName: "Bessie", lastName: `Coleman ${run}` });
  const { id: pilotId } = await me(pilotContext.request);
  await pilotContext.close();
  expect((await adminApi.patch(`/api/admin/users/${pilotId}`, { data: { role: "pilot" } })).status()).toBe(200);
  const customerContext = await browser.newContext();
  await registerCustomer(customerContext.request, { firstName: "Harriet", lastName: `Quimby ${run}` });
  const { id: customerId } = await me(customerContext.request);
  await customerContext.close();
  const services = await json<{ data: { id: number }[] }>(await adminApi.get("/api/services?active=true"));
  const title = `Quarry survey ${run}`;
  const opened = await adminApi.post("/api/admin/jobs", {
    data: { userId: customerId, serviceId: services.data[0]!.id, title, site: { name: `Quarry ${run}`, address: "", latitude: null, longitude: null } },
  });
  const { id: jobId } = (await json<{ data: JobDetail }>(opened, 201)).data;

  const flightDay = dayIn(20);
  const dueDay = dayIn(19);
  const certificateNumber = `P107-${run}`;
  const serial = `SN-${run}`;

  // The owner records the pilot's certificate in Fleet & compliance.
  const fleet = await openBackOffice(adminPage, "Fleet & compliance");
  const pilotSelect = fleet.getByLabel("Pilot", { exact: true });
  await pilotSelect.selectOption({ label: `Bessie Coleman ${run} (${pilot.username})` });
  await fleet.getByRole("button", { name: "Add certificate" }).click();
  const certificateDialog = adminPage.getByRole("dialog", { name: "Add certificate" });
  await certificateDialog.getByLabel("Type").selectOption({ label: "FAA Part 107" });
  await certificateDialog.getByLabel("Number").fill(certificateNumber);
  await certificateDialog.getByLabel("Issued on").fill(dayIn(-700));
  await certificateDialog.getByLabel("Recurrent training due").fill(dueDay);
  await certificateDialog.getByRole("button", { name: "Save certificate" }).click();
  await expect(certificateDialog).toBeHidden();
  await expect(fleet.getByText(certificateNumber, { exact: true })).toBeVisible();
  // Due within 30 days: the warning says so.
  await expect(fleet.getByRole("region", { name: "Records expiring within 30 days" })).toContainText(certificateNumber);

  // And an aircraft, registered.
  await fleet.getByRole("button", { name: "Add aircraft" }).click();
  const aircraftDialog = adminPage.getByRole("dialog", { name: "Add aircraft" });
  await aircraftDialog.getByLabel("Make").fill("DJI");
  await aircraftDialog.getByLabel("Model").fill("Matrice 30T");
  await aircraftDialog.getByLabel("Serial", { exact: true }).fill(serial);
  await aircraftDialog.getByLabel("Registration", { exact: true }).fill(`FA-${run}`);
  await aircraftDialog.getByLabel("Registration expires on").fill(dayIn(300));
  await aircraftDialog.getByRole("button", { name: "Save aircraft" }).click();
  await expect(aircraftDialog).toBeHidden();
  await expect(fleet.getByRole("row").filter({ hasText: serial })).toBeVisible();
  expect(await severeViolations(adminPage), "serious or critical axe violations on Fleet & compliance").toBe("");
  await adminPage.screenshot({ path: test.info().outputPath("fleet-1366.png"), fullPage: true });

  // Scheduling with them: refused, naming the certificate.
  const job = await jobPageAt(adminPage, jobId, title);
  await job.getByRole("group", { name: "Job actions" }).getByRole("button", { name: "Schedule", exact: true }).click();
  const dialog = adminPage.getByRole("dialog", { name: "Schedule the flight" });
  await dialog.getByLabel("Window start").fill(`${flightDay}T12:00`);
  await dialog.getByLabel("Window end").fill(`${flightDay}T13:00`);
  await dialog.getByLabel("Time zone").selectOption("UTC");
  const pilotOption = dialog.getByLabel("Pilot").locator("option", { hasText: pilot.username });
  await dialog.getByLabel("Pilot").selectOption((await pilotOption.getAttribute("value")) ?? "");
  const aircraftOption = dialog.getByLabel("Aircraft").locator("option", { hasText: serial });
  await expect(aircraftOption).toHaveCount(1);
  await dialog.getByLabel("Aircraft").selectOption((await aircraftOption.getAttribute("value")) ?? "");
  await dialog.getByRole("button", { name: "Schedule", exact: true }).click();
  const refusal = dialog.getByRole("alert");
  await expect(refusal).toContainText(`FAA Part 107 ${certificateNumber}: recurrent training due ${dueDay}`);
  await adminPage.screenshot({ path: test.info().outputPath("schedule-refused-1366.png") });

  // The owner overrides it with a reason; the job is scheduled and its history keeps the reason.
  const reason = `Recurrent course passed ${run}, certificate in the post`;
  await dialog.getByLabel("Override reason").fill(reason);
  await dialog.getByRole("button", { name: "Schedule", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expectJobState(job, "Scheduled");
  await expect(job.getByText(reason)).toBeVisible();

  // At a phone's width the Fleet & compliance tab fits.
  await adminPage.setViewportSize({ width: 360, height: 780 });
  await adminPage.goto("/admin-dashboard?tab=fleet");
  await expect(adminPage.getByRole("heading", { name: "Pilots' certificates" })).toBeVisible();
  await expectNoHorizontalOverflow(adminPage, "Fleet & compliance at 360 px");
  await adminPage.screenshot({ path: test.info().outputPath("fleet-360.png"), fullPage: true });
});
