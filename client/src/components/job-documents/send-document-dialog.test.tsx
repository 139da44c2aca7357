// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { jobDocumentMessages } from "@common/job-documents";
import { answerUploads } from "@/testing/answer-uploads";
import { errorOf } from "@/testing/field-error";
import { renderScreen } from "@/testing/render-screen";
import { SendDocumentDialog } from "./send-document-dialog";

const jobs = [
  { id: 12, title: "Roof array survey", status: "scheduled" as const },
  { id: 13, title: "Old barn", status: "closed" as const },
];

async function openDialog() {
  const rendered = renderScreen(<SendDocumentDialog triggerLabel="Upload New Report" jobs={jobs} />);
  await rendered.user.click(screen.getByRole("button", { name: "Upload New Report" }));
  return { ...rendered, dialog: await screen.findByRole("dialog", { name: "Send a document" }) };
}

describe("Send a document", () => {
  it("offers only the jobs still open, and names what is missing without sending", async () => {
    const uploads = answerUploads(201, {});
    const { user, dialog } = await openDialog();
    const job = within(dialog).getByLabelText<HTMLSelectElement>("Job");
    // One open job: chosen already; the closed one takes no documents.
    expect([...job.options].map((option) => option.text)).toEqual(["Choose a job", "Roof array survey"]);
    expect(job.value).toBe("12");
    await user.click(within(dialog).getByRole("button", { name: "Send document" }));
    expect(errorOf(within(dialog).getByLabelText("Title"))).toBe(jobDocumentMessages.title);
    expect(within(dialog).getByText(jobDocumentMessages.file)).toBeTruthy();
    expect(uploads.length).toBe(0);
  });

  it("keeps the title and the file when the server refuses the file, showing its reason", async () => {
    const refusal = 'File "plan.pdf" is not an accepted file type (accepted: PDF, Word documents, JPEG, PNG, WebP, HEIC and TIFF images, and DWG drawings)';
    const uploads = answerUploads(415, { message: refusal });
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText("Title"), "Site plan");
    await user.upload(dialog.querySelector<HTMLInputElement>('input[type="file"]')!, new File(["not a pdf"], "plan.pdf", { type: "application/pdf" }));
    await user.click(within(dialog).getByRole("button", { name: "Send document" }));

    expect(await within(dialog).findByText(refusal)).toBeTruthy();
    expect(uploads.length).toBe(1);
    expect(within(dialog).getByLabelText<HTMLInputElement>("Title").value).toBe("Site plan");
    expect(within(dialog).getByRole("list", { name: "Selected files for Document" }).textContent).toContain("plan.pdf");
  });

  it("says so when the customer has no open job, and points to a quote request", async () => {
    const { user } = renderScreen(<SendDocumentDialog triggerLabel="Upload New Report" jobs={[jobs[1]!]} />);
    await user.click(screen.getByRole("button", { name: "Upload New Report" }));
    const dialog = await screen.findByRole("dialog", { name: "Send a document" });
    expect(dialog.textContent).toContain("You have no open job to send documents for");
    expect(within(dialog).getByRole("link", { name: "Request a quote" }).getAttribute("href")).toBe("/request-quote");
    expect(within(dialog).queryByRole("button", { name: "Send document" })).toBeNull();
  });
});
