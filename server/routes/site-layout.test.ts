import { describe, expect, it } from "vitest";
import type { Finding } from "@common/contract/findings";
import { siteLayoutMessages } from "@common/site-layout";
import { siteLayouts } from "../db/schema";
import { type TestUser } from "../testing/factories";
import { type JobDriver, jobsAppForTests } from "../testing/jobs";
import { multipartBody } from "../testing/multipart";
import type { TestApp } from "../testing/test-app";

// The test jobs' site is at 48.85 N, 2.35 E (server/testing/jobs.ts).
const table = (west: number, south: number, properties: object, size = 0.0004) => ({
  type: "Feature",
  properties,
  geometry: {
    type: "Polygon",
    coordinates: [
      [
        [west, south],
        [west + size, south],
        [west + size, south + size],
        [west, south + size],
        [west, south],
      ],
    ],
  },
});
const LAYOUT = {
  type: "FeatureCollection",
  features: [table(2.35, 48.85, { BLOCK: "A", ROW: 3, STRING: "S7" }), table(2.351, 48.85, { BLOCK: "A", ROW: 4, STRING: "S8" })],
};

describe("a job's site layout", () => {
  let t: TestApp, admin: TestUser, customer: TestUser, other: TestUser, pilot: TestUser, otherPilot: TestUser;
  let drive: JobDriver;
  jobsAppForTests(["admin", "customer", "customer", "pilot", "pilot"], (made) => {
    ({ t, drive } = made);
    [admin, customer, other, pilot, otherPilot] = made.users;
  });

  const upload = async (jobId: number, content: string, user: TestUser | null = admin, name = "layout.geojson") => {
    const { payload, headers } = await multipartBody({}, { name, type: "application/octet-stream", content: Buffer.from(content) });
    return t.app.inject({
      method: "POST",
      url: `/api/admin/jobs/${jobId}/site-layout`,
      payload,
      headers: { ...headers, ...(user ? { cookie: user.cookie } : {}) },
    });
  };
  const call = (method: "GET" | "DELETE" | "POST", url: string, user?: TestUser, payload?: object) =>
    t.app.inject({ method, url, headers: user ? { cookie: user.cookie } : {}, ...(payload ? { payload } : {}) });
  const stored = () => t.database.db.$count(siteLayouts);

  describe("POST /api/admin/jobs/:id/site-layout", () => {
    it("lets admins alone import a layout: a visitor 401, customers and pilots 403", async () => {
      const jobId = await drive.jobAt(customer, "delivered");
      expect((await upload(jobId, JSON.stringify(LAYOUT), null)).statusCode).toBe(401);
      for (const user of [customer, other, pilot]) expect((await upload(jobId, JSON.stringify(LAYOUT), user)).statusCode).toBe(403);
      const res = await upload(jobId, JSON.stringify(LAYOUT));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data.features.map((feature: { properties: { locator: string } }) => feature.properties.locator)).toEqual([
        "Block A / Row 3 / String S7",
        "Block A / Row 4 / String S8",
      ]);
      // Importing again replaces the job's layout.
      expect((await upload(jobId, JSON.stringify({ ...LAYOUT, features: [LAYOUT.features[0]] }))).statusCode).toBe(201);
      expect((await call("GET", `/api/jobs/${jobId}/site-layout`, admin)).json().data.features).toHaveLength(1);
      const kml = `<kml xmlns="http://www.opengis.net/kml/2.2"><Document><Placemark><name>North field</name><Polygon><outerBoundaryIs><LinearRing><coordinates>2.35,48.85 2.351,48.85 2.351,48.851 2.35,48.85</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark></Document></kml>`;
      const fromKml = await upload(jobId, kml, admin, "fields.kml");
      expect(fromKml.statusCode, fromKml.body).toBe(201);
      expect(fromKml.json().data).toMatchObject({ name: "fields.kml", features: [{ properties: { locator: "North field" } }] });
    });

    it("refuses a file that is not GeoJSON or KML, one without polygons, and one far from the site, naming the reason and storing nothing", async () => {
      const jobId = await drive.jobAt(customer, "scheduled");
      const before = await stored();
      const points = {
        type: "FeatureCollection",
        features: [{ type: "Feature", properties: { name: "gate" }, geometry: { type: "Point", coordinates: [2.35, 48.85] } }],
      };
      const far = { type: "FeatureCollection", features: [table(2.35, 48.95, { row: 1 })] };
      for (const [content, reason] of [
        ["block,row\nA,1\n", siteLayoutMessages.format],
        [JSON.stringify(points), siteLayoutMessages.noPolygons],
        [JSON.stringify(far), siteLayoutMessages.tooFar(11)],
        ["<kml><Placemark><name>gate</name><Point><coordinates>2.35,48.85</coordinates></Point></Placemark></kml>", siteLayoutMessages.noPolygons],
      ] as const) {
        const res = await upload(jobId, content);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toEqual({ message: reason, errors: { file: reason } });
      }
      const empty = await multipartBody({ note: "no file" });
      const none = await t.app.inject({
        method: "POST",
        url: `/api/admin/jobs/${jobId}/site-layout`,
        ...empty,
        headers: { ...empty.headers, cookie: admin.cookie },
      });
      expect(none.statusCode).toBe(400);
      expect(none.json().errors).toEqual({ file: siteLayoutMessages.file });
      expect(await stored()).toBe(before);
      expect((await upload(999_999, JSON.stringify(LAYOUT))).statusCode).toBe(404);
    });
  });

  describe("GET /api/jobs/:id/site-layout", () => {
    it("is read as the job's layers are: its admins and pilot, its customer once delivered; anyone else 404, a visitor 401", async () => {
      const scheduled = await drive.jobAt(customer, "scheduled");
      expect((await upload(scheduled, JSON.stringify(LAYOUT))).statusCode).toBe(201);
      const read = (user?: TestUser, jobId = scheduled) => call("GET", `/api/jobs/${jobId}/site-layout`, user);
      expect((await read()).statusCode).toBe(401);
      for (const user of [other, otherPilot]) expect((await read(user)).statusCode).toBe(404);
      for (const user of [admin, pilot]) expect((await read(user)).json().data.features).toHaveLength(2);
      // Not delivered yet: the customer sees no layout, as they see no layers.
      expect((await read(customer)).json().data).toEqual({ type: "FeatureCollection", name: "", features: [] });
      const delivered = await drive.jobAt(customer, "delivered");
      expect((await upload(delivered, JSON.stringify(LAYOUT))).statusCode).toBe(201);
      const seen = (await read(customer, delivered)).json().data;
      expect(seen).toMatchObject({ type: "FeatureCollection", name: "layout.geojson" });
      expect(seen.features[0]).toMatchObject({ properties: { locator: "Block A / Row 3 / String S7" }, geometry: { type: "Polygon" } });
    });

    it("reuses the customer's layout on their later job at the same site, never another customer's", async () => {
      const first = await drive.jobAt(customer, "delivered");
      expect((await upload(first, JSON.stringify(LAYOUT))).statusCode).toBe(201);
      const later = await drive.jobAt(customer, "scheduled");
      expect((await call("GET", `/api/jobs/${later}/site-layout`, admin)).json().data.features).toHaveLength(2);
      const theirs = await drive.jobAt(other, "scheduled");
      expect((await call("GET", `/api/jobs/${theirs}/site-layout`, admin)).json().data.features).toHaveLength(0);
    });
  });

  describe("DELETE /api/admin/jobs/:id/site-layout", () => {
    it("lets admins alone delete the job's layout (a visitor 401, others 403), then 404", async () => {
      const jobId = await drive.jobAt(other, "delivered");
      expect((await upload(jobId, JSON.stringify(LAYOUT))).statusCode).toBe(201);
      const remove = (user?: TestUser) => call("DELETE", `/api/admin/jobs/${jobId}/site-layout`, user);
      expect((await remove()).statusCode).toBe(401);
      for (const user of [customer, other, pilot]) expect((await remove(user)).statusCode).toBe(403);
      expect((await remove(admin)).json()).toEqual({ success: true, message: siteLayoutMessages.deleted });
      expect((await remove(admin)).statusCode).toBe(404);
    });
  });

  describe("locators from the layout", () => {
    it("gives findings created or imported inside a feature its locator, keeping one given", async () => {
      const jobId = await drive.jobAt(customer, "delivered");
      expect((await upload(jobId, JSON.stringify(LAYOUT))).statusCode).toBe(201);
      const add = async (body: object, user: TestUser = admin): Promise<Finding> => {
        const res = await call("POST", `/api/admin/jobs/${jobId}/findings`, user, { class: "other", severity: "minor", ...body });
        expect(res.statusCode, res.body).toBe(201);
        return res.json().data;
      };
      expect((await add({ lat: 48.8502, lon: 2.3502 })).locator).toBe("Block A / Row 3 / String S7");
      expect((await add({ lat: 48.8502, lon: 2.3512 }, pilot)).locator).toBe("Block A / Row 4 / String S8");
      expect((await add({ lat: 48.8502, lon: 2.3502, locator: "Module 17" })).locator).toBe("Module 17");
      expect((await add({ lat: 48.86, lon: 2.36 })).locator).toBe("");
      const csv = "class,severity,lat,lon,locator\nother,minor,48.8503,2.3513,\nother,moderate,48.8503,2.3503,Given\n";
      const { payload, headers } = await multipartBody({}, { name: "findings.csv", type: "text/csv", content: Buffer.from(csv) });
      const imported = await t.app.inject({
        method: "POST",
        url: `/api/admin/jobs/${jobId}/findings/import`,
        payload,
        headers: { ...headers, cookie: admin.cookie },
      });
      expect(imported.statusCode, imported.body).toBe(201);
      expect(imported.json().data.map((finding: Finding) => finding.locator)).toEqual(["Block A / Row 4 / String S8", "Given"]);
    });
  });
});
