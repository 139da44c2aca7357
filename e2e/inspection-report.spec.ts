// The generated inspection report (docs/decisions/0032-inspection-report.md) on the back office's
// job page: the admin records the flight's inspection conditions in their form (loaded on demand),
// generates the report, watches it go from queued to published, and finds it among the job's
// deliverables; the ZIP of the job holds the findings' CSV.
import { execFile } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { promisify } from "node:util";
import { expect, expectToast, severeViolations, test, uniqueId } from "./fixtures";

const exec = promisify(execFile);

test("the admin records the inspection conditions, generates the inspection report and sees it published with the findings' CSV in the job's ZIP", async ({
  page,
  newCustomer,
  adminContext: admin,
}) => {
  const word = uniqueId();
  await newCustomer();
  const { id: userId } = (await (await page.request.get("/api/user")).json()) as { id: number };
  const services = ((await (await admin.request.get("/api/services")).json()) as { data: { id: number; category: string }[] }).data;
  const service = services.find((candidate) => candidate.category === "solar") ?? services[0]!;
  const created = await admin.request.post("/api/admin/jobs", {
    data: { userId, serviceId: service.id, title: `Solar farm ${word}`, site: { name: "North array", address: "", latitude: 30.27, longitude: -97.74 } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { data: job } = (await created.json()) as { data: { id: number } };
  for (const locator of ["Block A / row 1 / module 7", "Block B / row 4"]) {
    const finding = await admin.request.post(`/api/admin/jobs/${job.id}/findings`, {
      data: { class: "other", severity: "moderate", lat: 30.2701, lon: -97.7401, locator },
    });
    expect(finding.status(), await finding.text()).toBe(201);
  }

  const adminPage = await admin.newPage();
  await adminPage.goto(`/admin-dashboard/jobs/${job.id}`);
  const section = adminPage.getByRole("region", { name: "Inspection report", exact: true });
  await expect(section.getByRole("status")).toHaveText("Not generated yet");
  await expect(section.getByRole("list", { name: "Inspection report warnings" })).toContainText(
    "Inspection conditions not recorded: Irradiance (W/m²), Ambient temperature (°C), Wind (m/s), Cloud cover.",
  );

  await section.getByRole("button", { name: "Inspection conditions" }).click();
  const dialog = adminPage.getByRole("dialog", { name: "Inspection conditions" });
  await dialog.getByLabel("Irradiance (W/m²)").fill("812");
  await dialog.getByLabel("Ambient temperature (°C)").fill("21.5");
  await dialog.getByLabel("Wind (m/s)").fill("3.2");
  await dialog.getByLabel("Cloud cover (0–8 oktas)").fill("2");
  await dialog.getByLabel("Camera").fill("Zenmuse H20T");
  expect(await severeViolations(adminPage), "serious or critical axe violations in the conditions form").toBe("");
  await dialog.getByRole("button", { name: "Save conditions" }).click();
  await expectToast(adminPage, "Inspection conditions saved", "Every condition is recorded.");
  await expect(dialog).toBeHidden();
  await expect(section.getByRole("list", { name: "Inspection report warnings" })).toBeHidden();

  await section.getByRole("button", { name: "Generate inspection report" }).click();
  await expect(section.getByRole("status")).toHaveText("Published v1 (2 findings)", { timeout: 60_000 });
  // The job is read again: the report is among its deliverables.
  await expect(adminPage.getByRole("region", { name: "Deliverables", exact: true })).toContainText(`Inspection report v1 — Solar farm ${word}`);
  expect(await severeViolations(adminPage), "serious or critical axe violations on the job page with its report").toBe("");

  const reports = ((await (await admin.request.get("/api/admin/reports")).json()) as { data: { id: number; jobId: number | null; title: string }[] }).data;
  const report = reports.find((row) => row.jobId === job.id);
  expect(report?.title).toBe(`Inspection report v1 — Solar farm ${word}`);
  const pdf = await admin.request.get(`/api/reports/${report!.id}/file`);
  expect(pdf.headers()["content-type"]).toContain("application/pdf");

  const zip = await admin.request.get(`/api/jobs/${job.id}/download.zip?items=findings:csv`);
  expect(zip.status()).toBe(200);
  const file = test.info().outputPath("job.zip");
  await writeFile(file, await zip.body());
  expect((await exec("unzip", ["-Z1", file])).stdout.split("\n").filter(Boolean)).toEqual(["findings.csv"]);
  const csv = (await exec("unzip", ["-p", file, "findings.csv"])).stdout;
  expect(csv).toContain("Block A / row 1 / module 7");
  expect(csv).toContain("Block B / row 4");
  await adminPage.close();
});
