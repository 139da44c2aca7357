// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { CustomerSummary } from "@common/contract/customers";
import { answerRequests } from "@/testing/answer-fetch";
import { renderScreen } from "@/testing/render-screen";
import { CustomersTab } from "./customers-tab";

const amelia: CustomerSummary = {
  id: 4,
  username: "amelia",
  requiredInsuranceLimit: null,
  email: "amelia@example.com",
  firstName: "Amelia",
  lastName: "Earhart",
  role: "customer",
  createdAt: "2026-01-10T09:00:00.000Z",
  company: "",
  phone: "",
  billingAddress: "",
  active: true,
  notes: "",
  jobCount: 3,
  openJobCount: 1,
  totalPaidCents: 150_000,
  lastActivityAt: "2026-03-02T09:00:00.000Z",
};
const nameless: CustomerSummary = {
  ...amelia,
  id: 5,
  username: "bessie",
  email: "bessie@example.com",
  firstName: "",
  lastName: "",
  jobCount: 0,
  openJobCount: 0,
  totalPaidCents: 0,
};
const pilot: CustomerSummary = { ...amelia, id: 6, username: "wilbur", email: "wilbur@example.com", firstName: "Wilbur", lastName: "Wright", role: "pilot" };

const list = (...rows: CustomerSummary[]) => ({ status: 200, body: { success: true, data: rows } });

describe("the Customers tab", () => {
  it("lists each account with its e-mail, open and total jobs, total paid and last activity, its name linking to its page", async () => {
    answerRequests({ "GET /api/admin/customers?role=customer": list(amelia, nameless) });
    renderScreen(<CustomersTab />);

    const table = await screen.findByRole("table", { name: "Customers, the latest active first" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole("cell")
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ["amelia@example.com", "1 / 3", "$1,500.00", "Mar 2, 2026"],
      ["bessie@example.com", "0 / 0", "$0.00", "Mar 2, 2026"],
    ]);
    expect(within(table).getByRole("link", { name: "Amelia Earhart" }).getAttribute("href")).toBe("/admin-dashboard/customers/4");
    // Without a first or last name, the username names the account.
    expect(within(table).getByRole("link", { name: "bessie" }).getAttribute("href")).toBe("/admin-dashboard/customers/5");
    expect(screen.getByRole("button", { name: "Customers" }).getAttribute("aria-pressed")).toBe("true");
  });

  it("shows the pilots when Pilots is chosen, and asks the server for what the search box holds once typing pauses", async () => {
    const sent = answerRequests({
      "GET /api/admin/customers?role=customer": list(amelia),
      "GET /api/admin/customers?role=pilot": list(pilot),
      // Typing pauses at the machine's pace: a pause after "w" or "wi" asks for those too.
      "GET /api/admin/customers?role=pilot&q=w": list(pilot),
      "GET /api/admin/customers?role=pilot&q=wi": list(pilot),
      "GET /api/admin/customers?role=pilot&q=wil": list(pilot),
    });
    const { user } = renderScreen(<CustomersTab />);
    await screen.findByRole("link", { name: "Amelia Earhart" });

    await user.click(screen.getByRole("button", { name: "Pilots" }));
    expect(await screen.findByRole("link", { name: "Wilbur Wright" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Amelia Earhart" })).toBeNull();
    expect(screen.getByRole("button", { name: "Pilots" }).getAttribute("aria-pressed")).toBe("true");

    await user.type(screen.getByRole("searchbox", { name: "Search" }), "wil");
    await expect.poll(() => sent.at(-1)?.url).toBe("/api/admin/customers?role=pilot&q=wil");
    const lists = sent.map((request) => request.url).filter((url) => url.startsWith("/api/admin/customers"));
    expect(lists.slice(0, 2)).toEqual(["/api/admin/customers?role=customer", "/api/admin/customers?role=pilot"]);
    expect(await screen.findByRole("link", { name: "Wilbur Wright" })).toBeTruthy();
  });

  it("says when there are none, and when nothing matches the search", async () => {
    // Any prefix of the search may be asked for while typing; none matches.
    answerRequests(
      Object.fromEntries(["", "n", "no", "nob", "nobo", "nobod", "nobody"].map((q) => [`GET /api/admin/customers?role=customer${q ? `&q=${q}` : ""}`, list()])),
    );
    const { user } = renderScreen(<CustomersTab />);
    expect(await screen.findByText("No customers yet. People who register appear here.")).toBeTruthy();
    await user.type(screen.getByRole("searchbox", { name: "Search" }), "nobody");
    expect(await screen.findByText('No customers match "nobody".')).toBeTruthy();
  });

  it("shows the failure in place of the list and toasts it", async () => {
    answerRequests({ "GET /api/admin/customers?role=customer": { status: 500, body: { message: "Internal Server Error" } } });
    renderScreen(<CustomersTab />);
    expect(await screen.findAllByText("Failed to load customers")).toHaveLength(2);
    expect(screen.queryByRole("table")).toBeNull();
  });
});
