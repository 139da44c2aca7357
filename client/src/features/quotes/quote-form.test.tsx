// @vitest-environment happy-dom
import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { PAGE_QUOTE_SERVICES } from "@common/quotes";
import { answerRequests } from "@/testing/answer-fetch";
import { renderScreen } from "@/testing/render-screen";
import { QuoteForm } from "./quote-form";

const customer = { id: 5, username: "amelia", email: "amelia@example.com", firstName: "Amelia", lastName: "Earhart", role: "customer" as const, createdAt: "2026-01-01T00:00:00.000Z" };

function renderForm(showFailureReason: boolean) {
  const onSubmitted = vi.fn();
  const rendered = renderScreen(
    <QuoteForm user={customer} idPrefix="test" services={PAGE_QUOTE_SERVICES} showFailureReason={showFailureReason} onCancel={() => {}} onSubmitted={onSubmitted} />,
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
});
