// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import { useQuery } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { OutboxMail } from "@common/contract/customers";
import { outboxKeys } from "@/api/outbox";
import { answerRequests } from "@/testing/answer-fetch";
import { renderScreen } from "@/testing/render-screen";
import { NO_MAIL_SERVER_HINT, useOutboxTab } from "./outbox-tab";

/** Shows the tab's panel as the dashboard would, or, once the server has answered (or was never asked), that there is none. */
function Dashboard({ enabled }: { enabled: boolean }) {
  const tab = useOutboxTab(enabled);
  // The same load the tab reads: whether it has come back yet.
  const { isFetched } = useQuery({ queryKey: outboxKeys.all, enabled });
  if (tab) return <>{tab.panel}</>;
  return <p>{enabled && !isFetched ? "Asking" : "No outbox"}</p>;
}

const mail: OutboxMail = {
  id: "7f0c",
  to: "admin@example.com",
  subject: "Scheduled: East array scan",
  text: "Your flight is booked.\nSee you there.",
  attachments: [{ filename: "flight.ics", contentType: "text/calendar" }],
  state: "retrying",
  attempts: 2,
  lastError: "connect ECONNREFUSED 127.0.0.1:25",
  createdAt: "2026-03-02T09:00:00.000Z",
  sentAt: null,
};

describe("the Outbox tab", () => {
  it("lists each mail with its state, attempts, last error and attachments, its text behind a disclosure", async () => {
    answerRequests({ "GET /api/admin/outbox": { status: 200, body: { success: true, data: [mail] } } });
    const { user } = renderScreen(<Dashboard enabled />);
    expect(await screen.findByRole("heading", { name: mail.subject })).toBeTruthy();
    expect(screen.getByText("To admin@example.com")).toBeTruthy();
    expect(screen.getByText("Retrying")).toBeTruthy();
    expect(screen.getByText(/^2 attempts/).textContent).toBe("2 attempts · Last error: connect ECONNREFUSED 127.0.0.1:25");
    expect(within(screen.getByRole("list", { name: `Attachments of ${mail.subject}` })).getByText("flight.ics")).toBeTruthy();

    const toggle = screen.getByRole("button", { name: `Show the text of ${mail.subject}` });
    const body = document.getElementById(toggle.getAttribute("aria-controls") ?? "");
    expect(body?.hidden).toBe(true);
    await user.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(body?.hidden).toBe(false);
    expect(body?.textContent).toBe(mail.text);
  });

  it("says a mail no server took was not sent, and how to configure one, rather than Sent", async () => {
    const logged: OutboxMail = { ...mail, state: "unsent", attempts: 1, lastError: null };
    answerRequests({ "GET /api/admin/outbox": { status: 200, body: { success: true, data: [logged] } } });
    renderScreen(<Dashboard enabled />);
    expect(await screen.findByText("Not sent: no mail server")).toBeTruthy();
    expect(screen.queryByText("Sent")).toBeNull();
    expect(screen.getByText(NO_MAIL_SERVER_HINT)).toBeTruthy();
    expect(NO_MAIL_SERVER_HINT).toContain("SMTP_URL");
  });

  it("is absent where the server keeps no outbox (404 in production)", async () => {
    const sent = answerRequests({ "GET /api/admin/outbox": { status: 404, body: { message: "Route GET:/api/admin/outbox not found" } } });
    renderScreen(<Dashboard enabled />);
    expect(await screen.findByText("No outbox")).toBeTruthy();
    expect(sent.map((request) => request.url)).toEqual(["/api/admin/outbox"]);
  });

  it("is absent, without asking, when not enabled (a pilot)", async () => {
    const sent = answerRequests({});
    renderScreen(<Dashboard enabled={false} />);
    expect(screen.getByText("No outbox")).toBeTruthy();
    expect(sent).toEqual([]);
  });
});
