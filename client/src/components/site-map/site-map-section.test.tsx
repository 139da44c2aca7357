// @vitest-environment happy-dom
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { MapLayer } from "@common/contract/map-layers";
import { answerRequests } from "@/testing/answer-fetch";
import { renderScreen } from "@/testing/render-screen";
import { sampleJob } from "@/testing/sample-job";
import { sampleMapLayer } from "@/testing/sample-map-layer";
import { SiteMapSection } from "./site-map-section";

const user = (role: "customer" | "admin") => ({
  status: 200,
  body: { id: 4, username: "amelia", email: "amelia@example.com", role, firstName: "Amelia", lastName: "Earhart" },
});
const listed = (layers: MapLayer[]) => ({ status: 200, body: { success: true, data: layers } });

describe("the Site map section", () => {
  it("tells the customer their layers come with the delivery", async () => {
    answerRequests({ "GET /api/user": user("customer"), "GET /api/jobs/12/layers": listed([]) });
    renderScreen(<SiteMapSection job={sampleJob({ status: "flown" })} headingId="map-heading" />);
    expect(await screen.findByText("Your map layers appear here once the job is delivered.")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: "Site map" }).id).toBe("map-heading");
    expect(screen.queryByRole("region", { name: "Site map" })).toBeNull();
  });

  it("says there are no layers yet to the customer of a delivered job and to the business", async () => {
    answerRequests({ "GET /api/user": user("customer"), "GET /api/jobs/12/layers": listed([]) });
    renderScreen(<SiteMapSection job={sampleJob({ status: "delivered" })} headingId="map-heading" />);
    expect(await screen.findByText("No map layers yet.")).toBeTruthy();
  });

  it("shows the business the layers being processed, before any is on the map, with their actions", async () => {
    answerRequests({
      "GET /api/user": user("admin"),
      "GET /api/jobs/12/layers": listed([sampleMapLayer({ status: "processing", progress: 65, cogUrl: null, stats: null })]),
    });
    renderScreen(
      <SiteMapSection
        job={sampleJob({ status: "flown" })}
        headingId="job-map-heading"
        actions={<button type="button">Add map layer</button>}
        layerActions={(layer) => <button type="button">{`Delete layer ${layer.title}`}</button>}
      />,
    );
    expect(await screen.findByText("Processing 65%")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Add map layer" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Delete layer Elevation, north field" })).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Site map" })).toBeNull();
  });

  it("says so when the layers cannot be loaded", async () => {
    answerRequests({ "GET /api/user": user("admin"), "GET /api/jobs/12/layers": { status: 500, body: { message: "Internal error" } } });
    renderScreen(<SiteMapSection job={sampleJob()} headingId="job-map-heading" />);
    expect(await screen.findByText("The map layers could not be loaded. Please try again later.")).toBeTruthy();
  });
});
