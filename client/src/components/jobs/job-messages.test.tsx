// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { JobMessage } from "@common/contract/jobs";
import { jobMessages } from "@common/job-status";
import { answerRequests } from "@/testing/answer-fetch";
import { renderScreen } from "@/testing/render-screen";
import { JobMessages } from "./job-messages";

const message = (id: number, authorId: number, body: string): JobMessage => ({
  id,
  jobId: 4,
  authorId,
  authorName: authorId === 7 ? "bessie" : "Ops team",
  authorRole: authorId === 7 ? "customer" : "admin",
  body,
  createdAt: `2026-12-0${id}T10:00:00.000Z`,
});

const thread = (...messages: JobMessage[]) => ({ status: 200, body: { success: true, data: messages } });

describe("a job's message thread", () => {
  it("lists the messages oldest first, saying which are the customer's own", async () => {
    answerRequests({ "GET /api/jobs/4/messages": thread(message(1, 7, "When do you fly?"), message(2, 1, "Tuesday morning.")) });
    renderScreen(<JobMessages jobId={4} userId={7} />);
    const items = within(await screen.findByRole("list", { name: "Messages, oldest first" })).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^You.*When do you fly\?$/),
      expect.stringMatching(/^Ops team \(SkyVantage\).*Tuesday morning\.$/),
    ]);
  });

  it("names the customer in the business's view", async () => {
    answerRequests({ "GET /api/jobs/4/messages": thread(message(1, 7, "When do you fly?"), message(2, 1, "Tuesday morning.")) });
    renderScreen(<JobMessages jobId={4} userId={1} />);
    const items = within(await screen.findByRole("list", { name: "Messages, oldest first" })).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^bessie.*When do you fly\?$/),
      expect.stringMatching(/^You.*Tuesday morning\.$/),
    ]);
  });

  it("refuses an empty message under the field without sending it", async () => {
    const sent = answerRequests({ "GET /api/jobs/4/messages": thread() });
    const { user } = renderScreen(<JobMessages jobId={4} userId={7} />);
    await user.click(await screen.findByRole("button", { name: "Send message" }));
    expect((await screen.findByRole("alert")).textContent).toBe(jobMessages.messageEmpty);
    expect(screen.getByLabelText("Your message").getAttribute("aria-invalid")).toBe("true");
    expect(sent.filter((request) => request.method === "POST")).toEqual([]);
  });

  it("keeps the typed text and shows the server's reason when sending fails", async () => {
    answerRequests({
      "GET /api/jobs/4/messages": thread(),
      "POST /api/jobs/4/messages": { status: 404, body: { message: "Job not found" } },
    });
    const { user } = renderScreen(<JobMessages jobId={4} userId={7} />);
    const field = await screen.findByLabelText("Your message");
    await user.type(field, "Is the south roof included?");
    await user.click(screen.getByRole("button", { name: "Send message" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Job not found");
    expect((field as HTMLTextAreaElement).value).toBe("Is the south roof included?");
  });

  it("sends the text, clears the field and shows the message once the thread reloads", async () => {
    let messages: JobMessage[] = [];
    const sent = answerRequests({
      "GET /api/jobs/4/messages": () => thread(...messages),
      "POST /api/jobs/4/messages": () => {
        messages = [message(1, 7, "Please call before landing.")];
        return { status: 201, body: { success: true, data: messages[0] } };
      },
    });
    const { user } = renderScreen(<JobMessages jobId={4} userId={7} />);
    const field = await screen.findByLabelText("Your message");
    await user.type(field, "Please call before landing.");
    await user.click(screen.getByRole("button", { name: "Send message" }));
    expect(await screen.findByText("Please call before landing.")).toBeTruthy();
    expect((field as HTMLTextAreaElement).value).toBe("");
    expect(sent.find((request) => request.method === "POST")?.body).toEqual({ body: "Please call before landing." });
  });
});
