// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { SearchResults } from "@common/contract/search";
import { answerRequests } from "@/testing/answer-fetch";
import { renderScreen } from "@/testing/render-screen";
import { BackOfficeSearch } from "./back-office-search";

const RESULTS: SearchResults = {
  jobs: [{ id: 41, title: "North array inspection", detail: "Pecan Creek Solar · Zoë Ångström", href: "/admin-dashboard/jobs/41" }],
  customers: [{ id: 7, title: "Zoë Ångström", detail: "zoe@example.com · Pecan Creek Solar LLC", href: "/admin-dashboard/customers/7" }],
  invoices: [],
};

describe("the back office's search box", () => {
  it("asks once typing pauses, lists the jobs and customers found under their headings, and a result opens its page", async () => {
    const sent = answerRequests({ "GET /api/admin/search?q=pecan": { status: 200, body: { success: true, data: RESULTS } } });
    const { user, currentPath } = renderScreen(<BackOfficeSearch />, "/admin-dashboard");
    await user.type(screen.getByRole("searchbox", { name: "Search jobs, customers and invoices" }), "pecan");
    expect(await screen.findByText("2 found for “pecan”")).toBeTruthy();
    expect(sent.map((request) => request.url)).toEqual(["/api/admin/search?q=pecan"]);
    const jobs = screen.getByRole("region", { name: "Jobs" });
    expect(
      within(jobs)
        .getByRole("link", { name: /North array inspection/ })
        .getAttribute("href"),
    ).toBe("/admin-dashboard/jobs/41");
    expect(screen.queryByRole("region", { name: "Invoices" })).toBeNull();
    await user.click(within(screen.getByRole("region", { name: "Customers" })).getByRole("link", { name: /Zoë Ångström/ }));
    expect(currentPath()).toBe("/admin-dashboard/customers/7");
  });

  it("asks nothing for a single character", async () => {
    const sent = answerRequests({});
    const { user } = renderScreen(<BackOfficeSearch />);
    await user.type(screen.getByRole("searchbox"), "p");
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(sent).toEqual([]);
  });
});
