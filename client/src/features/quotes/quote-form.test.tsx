// @vitest-environment happy-dom
import { screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { PAGE_QUOTE_SERVICES } from "@common/services-offered";
import { answerRequests } from "@/testing/answer-fetch";
import { sampleAmelia } from "@/testing/sample-users";
import { addCornersByKeyboard, drawSquareByKeyboard, stubMapPixels, zoomIn } from "@/testing/boundary-drawing";
import { renderScreen } from "@/testing/render-screen";
import { QuoteForm } from "./quote-form";

const customer = sampleAmelia;

function renderForm(showFailureReason: boolean) {
  const onSubmitted = vi.fn();
  const rendered = renderScreen(
    <QuoteForm
      user={customer}
      idPrefix="test"
      services={PAGE_QUOTE_SERVICES}
      showFailureReason={showFailureReason}
      onCancel={() => {}}
      onSubmitted={onSubmitted}
    />,
  );
  return { ...rendered, onSubmitted };
}

describe("the custom quote form", () => {
  it("puts a short hint under each missing required field and sends nothing", async () => {
    const sent = answerRequests({});
    const { user } = renderForm(false);
    await user.click(screen.getByRole("button", { name: "Submit Request" }));
    expect(await screen.findByText("Please select a service type")).toBeTruthy();
    expect(screen.getByText("Please describe your project")).toBeTruthy();
    expect(screen.getByLabelText("Service type").getAttribute("aria-describedby")).toBe("test-service-error");
    expect(screen.getByText("Missing fields")).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it("on the page, shows why the server refused, toasts the documented failure and keeps what was typed", async () => {
    const sent = answerRequests({ "POST /api/contact": { status: 400, body: { message: "Message is too long" } } });
    const { user, onSubmitted } = renderForm(true);
    await user.selectOptions(screen.getByLabelText("Service type"), "mapping");
    await user.type(screen.getByLabelText("Project description"), "Orthomosaic of a quarry");
    await user.type(screen.getByLabelText("Budget (optional)"), "$2,000");
    await user.click(screen.getByRole("button", { name: "Submit Request" }));

    expect(await screen.findByText("Submission failed")).toBeTruthy();
    expect(screen.getByText("There was an error submitting your request. Please try again.")).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe("Message is too long");
    expect(screen.getByLabelText<HTMLTextAreaElement>("Project description").value).toBe("Orthomosaic of a quarry");
    expect(screen.getByLabelText<HTMLInputElement>("Budget (optional)").value).toBe("$2,000");
    expect(onSubmitted).not.toHaveBeenCalled();
    // The quote travels as the contact message whose lines the admin's screen reads back.
    expect(sent.map((request) => request.body)).toEqual([
      {
        name: "Amelia Earhart",
        email: "amelia@example.com",
        service: "mapping",
        message: "CUSTOM QUOTE REQUEST:\nService: mapping\nDescription: Orthomosaic of a quarry\nBudget: $2,000\nTimeline: Not specified",
      },
    ]);
  });

  it("in the dialog, only toasts a refusal", async () => {
    answerRequests({ "POST /api/contact": { status: 400, body: { message: "Message is too long" } } });
    const { user } = renderForm(false);
    await user.selectOptions(screen.getByLabelText("Service type"), "solar");
    await user.type(screen.getByLabelText("Project description"), "Roof array");
    await user.click(screen.getByRole("button", { name: "Submit Request" }));
    expect(await screen.findByText("Submission failed")).toBeTruthy();
    expect(screen.queryByText("Message is too long")).toBeNull();
  });

  it("with no site drawn, sends the quote alone, once, and reports it submitted", async () => {
    const sent = answerRequests({ "POST /api/contact": { status: 201, body: { success: true, message: "Thanks", data: { id: 40, quoteId: 9, jobId: 12 } } } });
    const { user, onSubmitted } = renderForm(true);
    expect(screen.getByRole("heading", { name: "Site boundary (optional)" })).toBeTruthy();
    await user.selectOptions(screen.getByLabelText("Service type"), "mapping");
    await user.type(screen.getByLabelText("Project description"), "Orthomosaic of a quarry");
    await user.click(screen.getByRole("button", { name: "Submit Request" }));
    expect(await screen.findByText("Quote request submitted")).toBeTruthy();
    expect(onSubmitted).toHaveBeenCalledTimes(1);
    expect(sent.map((request) => `${request.method} ${request.url}`)).toEqual(["POST /api/contact"]);
  });
});

describe("the site drawn with a quote", () => {
  beforeEach(stubMapPixels);

  async function requestWithSite(boundaryAnswer: { status: number; body?: unknown }) {
    const sent = answerRequests({
      "POST /api/contact": { status: 201, body: { success: true, message: "Thanks", data: { id: 40, quoteId: 9, jobId: 12 } } },
      "PUT /api/jobs/12/site-boundary": boundaryAnswer,
    });
    const rendered = renderForm(false);
    const { user } = rendered;
    await user.selectOptions(screen.getByLabelText("Service type"), "agriculture");
    await user.type(screen.getByLabelText("Project description"), "NDVI of the east field");
    await user.click(screen.getByRole("button", { name: "Draw site on map" }));
    await zoomIn(user, 13);
    await drawSquareByKeyboard(user);
    await user.click(screen.getByRole("button", { name: "Submit Request" }));
    expect(await screen.findByText("Quote request submitted")).toBeTruthy();
    return { ...rendered, sent };
  }

  it("is stored on the job the quote opened, after the quote", async () => {
    const { sent, onSubmitted } = await requestWithSite({ status: 200, body: { areaM2: 3_476, acres: 0.86, hectares: 0.35 } });
    expect(sent.map((request) => `${request.method} ${request.url}`)).toEqual(["POST /api/contact", "PUT /api/jobs/12/site-boundary"]);
    const ring = (sent[1]!.body as { coordinates: number[][][] }).coordinates[0]!;
    expect(ring).toHaveLength(5);
    expect(ring[0]).toEqual([-98.5, 39.5]);
    expect(screen.queryByText(/site boundary could not be saved/)).toBeNull();
    expect(onSubmitted).toHaveBeenCalledTimes(1);
  });

  it("leaves the quote sent when the boundary is refused, and says where to draw it again", async () => {
    const { onSubmitted } = await requestWithSite({ status: 500, body: { message: "Internal Server Error" } });
    expect(
      screen.getByText("We'll review your request and get back to you soon. The site boundary could not be saved: you can draw it on the job's page."),
    ).toBeTruthy();
    expect(onSubmitted).toHaveBeenCalledTimes(1);
  });

  it("is not dropped when left unfinished: the request waits, naming the boundary, and goes once it is finished", async () => {
    const sent = answerRequests({
      "POST /api/contact": { status: 201, body: { success: true, message: "Thanks", data: { id: 40, quoteId: 9, jobId: 12 } } },
      "PUT /api/jobs/12/site-boundary": { status: 200, body: { areaM2: 3_476, acres: 0.86, hectares: 0.35 } },
    });
    const { user, onSubmitted } = renderForm(false);
    await user.selectOptions(screen.getByLabelText("Service type"), "agriculture");
    await user.type(screen.getByLabelText("Project description"), "NDVI of the east field");
    await user.click(screen.getByRole("button", { name: "Draw site on map" }));
    await zoomIn(user, 13);
    await addCornersByKeyboard(user, ["{ArrowRight}", "{ArrowUp}", "{ArrowLeft}"]);
    await user.click(screen.getByRole("button", { name: "Submit Request" }));
    expect(screen.getByRole("alert").textContent).toBe(
      "Finish the site boundary (double-click its last corner, or press Finish boundary) or clear it before sending.",
    );
    expect(sent).toEqual([]);
    expect(onSubmitted).not.toHaveBeenCalled();
    // What was typed and drawn is still there.
    expect((screen.getByLabelText("Project description") as HTMLTextAreaElement).value).toBe("NDVI of the east field");

    await user.click(screen.getByRole("button", { name: "Finish boundary" }));
    expect(screen.queryByText(/Finish the site boundary/)).toBeNull();
    await user.click(screen.getByRole("button", { name: "Submit Request" }));
    expect(await screen.findByText("Quote request submitted")).toBeTruthy();
    expect(sent.map((request) => `${request.method} ${request.url}`)).toEqual(["POST /api/contact", "PUT /api/jobs/12/site-boundary"]);
    expect(onSubmitted).toHaveBeenCalledTimes(1);
  });
});
