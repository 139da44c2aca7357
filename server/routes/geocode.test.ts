import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app";
import { appWithUsers, type TestUser } from "../testing/factories";
import { type GeocoderPeer, RECORDED_PLACE, startGeocoderPeer } from "../testing/geocoder-peer";

describe("GET /api/geocode: a map's address search through the configured geocoder", () => {
  let peer: GeocoderPeer;
  let t: TestApp;
  let admin: TestUser, customer: TestUser, pilot: TestUser;
  beforeAll(async () => {
    peer = await startGeocoderPeer();
    ({
      t,
      users: [admin, customer, pilot],
    } = await appWithUsers(["admin", "customer", "pilot"], { GEOCODER_URL: peer.url, GEOCODER_TIMEOUT_MS: "500", RATE_LIMIT_GEOCODE_MAX: "1000" }));
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });
  const search = (q: string, user?: TestUser) =>
    t.app.inject({ method: "GET", url: `/api/geocode?q=${encodeURIComponent(q)}`, headers: user ? { cookie: user.cookie } : {} });

  it("answers the places found, to anyone (a visitor, a customer, a pilot, an admin), asking /search in jsonv2 and naming the site", async () => {
    for (const user of [undefined, customer, pilot, admin]) {
      const res = await search(RECORDED_PLACE.query, user);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        data: {
          results: [
            {
              label: RECORDED_PLACE.answer[0].display_name,
              lat: 31.045702,
              lon: -97.34815,
              bbox: [-97.3513, 31.043, -97.345, 31.0484],
            },
          ],
        },
      });
    }
    const asked = peer.searches.at(-1)!;
    expect(asked).toMatchObject({ path: "/search", q: RECORDED_PLACE.query });
    expect(asked.userAgent).toMatch(/^SkyVantage site maps \(http/);
    expect((await search("nowhere at all")).json()).toEqual({ success: true, data: { results: [] } });
  });

  it("refuses a query too short or missing, naming the field, without asking the geocoder", async () => {
    const before = peer.searches.length;
    const short = await search("a");
    expect(short.statusCode).toBe(400);
    expect(JSON.stringify(short.json())).toContain("q");
    expect((await t.app.inject("/api/geocode")).statusCode).toBe(400);
    expect(peer.searches.length).toBe(before);
  });

  it("answers 503 with a plain reason when the geocoder errs, answers what is no list, or is slow (within its time)", async () => {
    try {
      peer.mode = "error";
      const error = await search("Blackland");
      expect(error.statusCode).toBe(503);
      expect(error.json().message).toContain("Address search is unavailable just now (the address search answered 502)");
      peer.mode = "bad";
      expect((await search("Blackland")).json().message).toContain("was not a list of places");
      peer.mode = "silent";
      const started = Date.now();
      const slow = await search("Blackland");
      expect(slow.statusCode).toBe(503);
      expect(slow.json().message).toContain("did not answer in time");
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      peer.mode = "ok";
    }
  });
});

describe("GET /api/geocode without a geocoder that answers", () => {
  it("is 503 when none is set up, and asks the one the owner saves in the settings", async () => {
    const peer = await startGeocoderPeer();
    const { t, users } = await appWithUsers(["admin"]);
    try {
      const res = await t.app.inject("/api/geocode?q=Temple");
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toContain("Address search is not set up on this site (Settings, Maps)");

      const saved = await t.app.inject({
        method: "PATCH",
        url: "/api/admin/settings",
        headers: { cookie: users[0]!.cookie },
        payload: { geocoderUrl: peer.url },
      });
      expect(saved.statusCode).toBe(200);
      const found = await t.app.inject(`/api/geocode?q=${encodeURIComponent(RECORDED_PLACE.query)}`);
      expect(found.statusCode).toBe(200);
      expect(found.json().data.results[0].label).toBe(RECORDED_PLACE.answer[0].display_name);
      expect(peer.searches.at(-1)).toMatchObject({ path: "/search", q: RECORDED_PLACE.query });
    } finally {
      await t.close();
      await peer.close();
    }
  });

  it("is 503 when the geocoder cannot be reached, and is limited per address", async () => {
    const gone = await startGeocoderPeer();
    await gone.close();
    const down = await createTestApp({ GEOCODER_URL: gone.url, RATE_LIMIT_GEOCODE_MAX: "2" });
    try {
      const first = await down.app.inject("/api/geocode?q=Temple");
      expect(first.statusCode).toBe(503);
      expect(first.json().message).toContain("could not be reached");
      expect((await down.app.inject("/api/geocode?q=Temple")).statusCode).toBe(503);
      const limited = await down.app.inject("/api/geocode?q=Temple");
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toContain("Too many address searches");
    } finally {
      await down.close();
    }
  });
});
