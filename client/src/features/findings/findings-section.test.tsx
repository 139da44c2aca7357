// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { Finding } from "@common/contract/findings";
import type { JobDetail } from "@common/contract/jobs";
import type { FindingsOverlay } from "@/components/site-map/findings-layer";
import { answerRequests } from "@/testing/answer-fetch";
import { renderScreen } from "@/testing/render-screen";
import { sampleFinding } from "@/testing/sample-finding";
import { sampleJobDetail } from "@/testing/sample-job";
import { SiteMapWithFindings } from "./findings-section";

// The map's pins stand in for OpenLayers here: a button per pin, pressed when its finding is chosen.
vi.mock("@/components/site-map/site-map-section", () => ({
  SiteMapSection: ({ findings }: { findings: FindingsOverlay }) => (
    <ul aria-label="Pins">
      {findings.pins
        .filter((pin) => findings.visible.has(pin.id))
        .map((pin) => (
          <li key={pin.id}>
            <button type="button" aria-pressed={pin.id === findings.selectedId} onClick={() => findings.onSelect(pin.id)}>{`Pin ${pin.id}`}</button>
          </li>
        ))}
    </ul>
  ),
}));

const job = (status: JobDetail["status"]): JobDetail => sampleJobDetail({ status });
const FINDINGS = [
  sampleFinding({
    id: 1,
    class: "hot_spot",
    severity: "moderate",
    deltaT: 13.7,
    locator: "B-4-2-17",
    images: [{ kind: "thermal", title: "Thermal: Roof thermal", url: "/api/jobs/12/findings/1/images/5", width: 236, height: 270 }],
  }),
  sampleFinding({ id: 2, class: "soiling", severity: "minor", status: "repaired", deltaT: null, locator: "A-10" }),
  sampleFinding({ id: 3, class: "hot_spot", severity: "critical", deltaT: 24, locator: "A-9" }),
];
const listed = (findings: Finding[]) => ({
  status: 200,
  body: { success: true, data: findings, counts: { open: 2, repair_planned: 0, repaired: 1, verified: 0, dismissed: 0 } },
});

const rowNumbers = () =>
  within(screen.getByRole("table"))
    .getAllByRole("rowheader")
    .map((cell) => cell.textContent);

describe("a job's findings", () => {
  it("filters the table by class, severity and state, searches it, and sorts it, the map showing the same findings", async () => {
    answerRequests({ "GET /api/jobs/12/findings": listed(FINDINGS) });
    const { user } = renderScreen(<SiteMapWithFindings job={job("delivered")} staff={false} headingId="map-heading" />);
    expect(await screen.findByText("3 of 3 findings")).toBeTruthy();
    expect(
      within(screen.getByRole("list", { name: "Findings by state" }))
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["2 open", "1 repaired"]);

    await user.selectOptions(screen.getByLabelText("Class"), "Hot spot");
    expect(rowNumbers()).toEqual(["#1", "#3"]);
    await user.selectOptions(screen.getByLabelText("Severity"), "Critical");
    expect(rowNumbers()).toEqual(["#3"]);
    expect(
      within(screen.getByRole("list", { name: "Pins" }))
        .getAllByRole("button")
        .map((pin) => pin.textContent),
    ).toEqual(["Pin 3"]);
    await user.selectOptions(screen.getByLabelText("Class"), "All classes");
    await user.selectOptions(screen.getByLabelText("Severity"), "All severities");
    await user.selectOptions(screen.getByLabelText("State"), "Repaired");
    expect(rowNumbers()).toEqual(["#2"]);
    await user.selectOptions(screen.getByLabelText("State"), "All states");
    await user.type(screen.getByRole("searchbox", { name: "Search" }), "a-");
    expect(rowNumbers()).toEqual(["#2", "#3"]);
    await user.clear(screen.getByRole("searchbox", { name: "Search" }));

    await user.click(screen.getByRole("button", { name: "ΔT" }));
    expect(rowNumbers()).toEqual(["#3", "#1", "#2"]);
    expect(screen.getByRole("columnheader", { name: "ΔT" }).getAttribute("aria-sort")).toBe("descending");
    await user.click(screen.getByRole("button", { name: "ΔT" }));
    expect(rowNumbers()).toEqual(["#1", "#3", "#2"]);
  });

  it("marks the finding chosen in the table on the map and the one chosen on the map in the table, opening its detail", async () => {
    answerRequests({ "GET /api/jobs/12/findings": listed(FINDINGS) });
    const { user } = renderScreen(<SiteMapWithFindings job={job("delivered")} staff={false} headingId="map-heading" />);
    // A finding's crop stands beside its number; one without a crop has none.
    const [first, second] = within(await screen.findByRole("table")).getAllByRole("rowheader");
    expect(within(first!).getByRole<HTMLImageElement>("img", { name: "Thermal: Roof thermal" }).getAttribute("src")).toBe("/api/jobs/12/findings/1/images/5");
    expect(within(second!).queryByRole("img")).toBeNull();
    await user.click(await screen.findByRole("button", { name: "#3" }));
    expect(screen.getByRole("button", { name: "Pin 3" }).getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByRole("article", { name: "Finding #3" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Pin 1" }));
    expect(screen.getByRole("button", { name: "#1" }).getAttribute("aria-current")).toBe("true");
    expect(screen.getByRole("button", { name: "#3" }).getAttribute("aria-current")).toBeNull();
    expect(screen.getByRole("article", { name: "Finding #1" })).toBeTruthy();
  });

  it("brings the detail of a finding chosen in the list into view (below the whole list on a phone), and gives focus back to its number when closed", async () => {
    answerRequests({ "GET /api/jobs/12/findings": listed(FINDINGS) });
    const scrolled: Element[] = [];
    const scroll = vi.spyOn(Element.prototype, "scrollIntoView").mockImplementation(function (this: Element) {
      scrolled.push(this);
    });
    try {
      const { user } = renderScreen(<SiteMapWithFindings job={job("delivered")} staff={false} headingId="map-heading" />);
      await user.click(await screen.findByRole("button", { name: "#3" }));
      const detail = screen.getByRole("article", { name: "Finding #3" });
      await vi.waitFor(() => expect(scrolled).toHaveLength(1));
      expect(scrolled[0]!.contains(detail)).toBe(true);
      await user.click(within(detail).getByRole("button", { name: "Close the finding" }));
      expect(screen.queryByRole("article", { name: "Finding #3" })).toBeNull();
      await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "#3" })));
    } finally {
      scroll.mockRestore();
    }
  });

  it("lets the customer mark a repair with a comment, and nothing the business decides", async () => {
    const sent = answerRequests({
      "GET /api/jobs/12/findings": listed(FINDINGS),
      "PATCH /api/findings/1": { status: 200, body: { success: true, data: { ...FINDINGS[0], status: "repaired" } } },
    });
    const { user } = renderScreen(<SiteMapWithFindings job={job("delivered")} staff={false} headingId="map-heading" />);
    await user.click(await screen.findByRole("button", { name: "#1" }));
    const moves = screen.getByRole("group", { name: "Change the finding's state" });
    expect(
      within(moves)
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(["Mark repair planned", "Mark repaired"]);
    await user.type(within(moves).getByLabelText("Comment"), "Module swapped on 3 Dec");
    await user.click(within(moves).getByRole("button", { name: "Mark repaired" }));
    expect(sent.find((request) => request.method === "PATCH")).toEqual({
      method: "PATCH",
      url: "/api/findings/1",
      body: { status: "repaired", comment: "Module swapped on 3 Dec" },
    });
    expect(screen.queryByRole("button", { name: "Add finding" })).toBeNull();
  });

  it("gives the business verify and dismiss, and asks for the reason to dismiss", async () => {
    answerRequests({ "GET /api/jobs/12/findings": listed(FINDINGS) });
    const { user } = renderScreen(<SiteMapWithFindings job={job("delivered")} staff headingId="map-heading" />);
    await user.click(await screen.findByRole("button", { name: "#2" }));
    const moves = screen.getByRole("group", { name: "Change the finding's state" });
    expect(
      within(moves)
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(["Mark repair planned", "Verify", "Reopen"]);
    await user.click(screen.getByRole("button", { name: "#1" }));
    await user.click(within(screen.getByRole("group", { name: "Change the finding's state" })).getByRole("button", { name: "Dismiss" }));
    expect(screen.getByRole("alert").textContent).toBe("Say why the finding is dismissed in the comment.");
  });

  it("lets the business add a finding by hand, each refusal under its field, and edit what changed", async () => {
    let posts = 0;
    const added = sampleFinding({ id: 4, class: "pid", severity: "minor", deltaT: null, locator: "C-2" });
    const sent = answerRequests({
      // Read again after each write: with the new finding once it is added.
      "GET /api/jobs/12/findings": () => listed(posts > 1 ? [...FINDINGS, added] : FINDINGS),
      "POST /api/admin/jobs/12/findings": () =>
        ++posts === 1
          ? {
              status: 400,
              body: {
                message: "Choose a severity, or give ΔT to have it set from the thermal thresholds",
                errors: { severity: "Choose a severity, or give ΔT to have it set from the thresholds" },
              },
            }
          : { status: 201, body: { success: true, data: added } },
      "PATCH /api/admin/findings/3": { status: 200, body: { success: true, data: { ...FINDINGS[2], locator: "A-9b" } } },
    });
    const { user } = renderScreen(<SiteMapWithFindings job={job("flown")} staff headingId="map-heading" />);
    await user.click(await screen.findByRole("button", { name: "Add finding" }));
    const form = screen.getByRole("form", { name: "New finding" });
    await user.click(within(form).getByRole("button", { name: "Add finding" }));
    expect(within(form).getByText("Latitude is between -90 and 90")).toBeTruthy();
    expect(posts).toBe(0);
    await user.selectOptions(within(form).getByLabelText("Class"), "PID");
    await user.type(within(form).getByLabelText("Latitude"), "48.1");
    await user.type(within(form).getByLabelText("Longitude"), "2.1");
    await user.type(within(form).getByLabelText("Locator"), "C-2");
    await user.click(within(form).getByRole("button", { name: "Add finding" }));
    expect(await within(form).findByText("Choose a severity, or give ΔT to have it set from the thresholds")).toBeTruthy();
    expect(within(form).getByLabelText("Severity").getAttribute("aria-invalid")).toBe("true");
    await user.selectOptions(within(form).getByLabelText("Severity"), "Minor");
    await user.click(within(form).getByRole("button", { name: "Add finding" }));
    expect(await screen.findByRole("article", { name: "Finding #4" })).toBeTruthy();
    expect(sent.filter((request) => request.method === "POST").at(-1)?.body).toMatchObject({
      class: "pid",
      severity: "minor",
      lat: 48.1,
      lon: 2.1,
      locator: "C-2",
      deltaT: null,
    });

    await user.click(screen.getByRole("button", { name: "#3" }));
    await user.click(screen.getByRole("button", { name: "Edit" }));
    const edit = screen.getByRole("form", { name: "Edit finding #3" });
    await user.type(within(edit).getByLabelText("Locator"), "b");
    await user.click(within(edit).getByRole("button", { name: "Save finding" }));
    expect(await screen.findByRole("article", { name: "Finding #3" })).toBeTruthy();
    expect(sent.find((request) => request.method === "PATCH")).toEqual({ method: "PATCH", url: "/api/admin/findings/3", body: { locator: "A-9b" } });
  });

  it("tells the customer the findings come with the delivery, without asking for them", async () => {
    const sent = answerRequests({});
    renderScreen(<SiteMapWithFindings job={job("flown")} staff={false} headingId="map-heading" />);
    expect(await screen.findByText("The inspection's findings appear here once the job is delivered.")).toBeTruthy();
    expect(sent).toEqual([]);
  });
});
