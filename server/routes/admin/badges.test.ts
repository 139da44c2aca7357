import { describe, expect, it } from "vitest";
import { addDays, calendarDateIn } from "@common/calendar-date";
import type { Badge, PublicBadge } from "@common/contract/site-content";
import { appWithUsersForTests, type TestUser } from "../../testing/factories";
import type { TestApp } from "../../testing/test-app";

let t: TestApp, admin: TestUser, customer: TestUser, pilot: TestUser;
appWithUsersForTests(["admin", "customer", "pilot"], (made) => {
  t = made.t;
  [admin, customer, pilot] = made.users;
});

type Call = { method: "GET" | "POST" | "PATCH" | "DELETE"; url: string; payload?: object };
const call = ({ method, url, payload }: Call, user?: TestUser) =>
  t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: user ? { cookie: user.cookie } : {} });

const PART_107 = { kind: "certification", title: "FAA Part 107 Remote Pilot", issuer: "Federal Aviation Administration", reference: "4839201" };

const addBadge = async (body: object): Promise<Badge> => {
  const res = await call({ method: "POST", url: "/api/admin/badges", payload: body }, admin);
  expect(res.statusCode).toBe(201);
  return res.json().data;
};
const publicBadges = async (): Promise<PublicBadge[]> => (await call({ method: "GET", url: "/api/badges" })).json().data;
const adminBadges = async (): Promise<Badge[]> => (await call({ method: "GET", url: "/api/admin/badges" }, admin)).json().data;
const setTimeZone = async (timeZone: string) =>
  expect((await call({ method: "PATCH", url: "/api/admin/settings", payload: { timeZone } }, admin)).statusCode).toBe(200);

describe("who may call the badge endpoints", () => {
  const ADMIN_CALLS: Call[] = [
    { method: "GET", url: "/api/admin/badges" },
    { method: "POST", url: "/api/admin/badges", payload: { ...PART_107, shown: false } },
    { method: "PATCH", url: "/api/admin/badges/999999", payload: { shown: false } },
    { method: "POST", url: "/api/admin/badges/999999/move", payload: { direction: "up" } },
    { method: "DELETE", url: "/api/admin/badges/999999" },
  ];

  it.each(ADMIN_CALLS)("$method $url: 401 visitor, 403 customer and pilot, an admin gets through", async (c) => {
    expect((await call(c)).statusCode).toBe(401);
    expect((await call(c, customer)).statusCode).toBe(403);
    expect((await call(c, pilot)).statusCode).toBe(403);
    expect([200, 201, 404]).toContain((await call(c, admin)).statusCode);
  });

  it("lets anyone read the current badges", async () => {
    for (const user of [undefined, customer, pilot, admin]) expect((await call({ method: "GET", url: "/api/badges" }, user)).statusCode).toBe(200);
  });
});

describe("badges", () => {
  it("shows the public the shown ones in the back office's order, with every field, and not the hidden ones", async () => {
    const pilotCert = await addBadge(PART_107);
    const cover = await addBadge({
      kind: "insurance",
      title: "Aviation liability insurance",
      issuer: "Global Aerospace",
      reference: "POL-77-1209",
      detail: "$5,000,000 liability cover",
      validUntil: "2999-12-31",
      link: "https://insurer.example/verify/77-1209",
    });
    const hidden = await addBadge({ ...PART_107, title: "Draft certificate", shown: false });
    const shown = (await publicBadges()).map((badge) => badge.id);
    expect(shown).toEqual(expect.arrayContaining([pilotCert.id, cover.id]));
    expect(shown).not.toContain(hidden.id);
    expect((await publicBadges()).find((badge) => badge.id === cover.id)).toEqual({
      id: cover.id,
      kind: "insurance",
      title: "Aviation liability insurance",
      issuer: "Global Aerospace",
      reference: "POL-77-1209",
      detail: "$5,000,000 liability cover",
      validUntil: "2999-12-31",
      link: "https://insurer.example/verify/77-1209",
    });

    const moved = await call({ method: "POST", url: `/api/admin/badges/${cover.id}/move`, payload: { direction: "up" } }, admin);
    expect(moved.statusCode).toBe(200);
    const order = (moved.json().data as Badge[]).map((badge) => badge.id);
    expect(order.indexOf(cover.id)).toBe(order.indexOf(pilotCert.id) - 1);
    const publicOrder = (await publicBadges()).map((badge) => badge.id);
    expect(publicOrder.indexOf(cover.id)).toBeLessThan(publicOrder.indexOf(pilotCert.id));

    const hiddenNow = await call({ method: "PATCH", url: `/api/admin/badges/${pilotCert.id}`, payload: { shown: false } }, admin);
    expect(hiddenNow.json()).toMatchObject({ message: "Badge hidden", data: { shown: false, title: PART_107.title, reference: "4839201" } });
    expect((await publicBadges()).map((badge) => badge.id)).not.toContain(pilotCert.id);
  });

  it("shows a badge through its last day in the business's time zone, and marks it expired after", async () => {
    // Kiritimati (UTC+14) is always a day or two ahead of Pago Pago (UTC−11): the same badge is
    // current for one business and lapsed for the other at this very moment.
    const lastDay = calendarDateIn("Pacific/Pago_Pago");
    const badge = await addBadge({ ...PART_107, title: "Night operations waiver", validUntil: lastDay });
    try {
      await setTimeZone("Pacific/Pago_Pago");
      expect((await publicBadges()).map((row) => row.id)).toContain(badge.id);
      expect((await adminBadges()).find((row) => row.id === badge.id)?.expired).toBe(false);

      await setTimeZone("Pacific/Kiritimati");
      expect((await publicBadges()).map((row) => row.id)).not.toContain(badge.id);
      expect((await adminBadges()).find((row) => row.id === badge.id)?.expired).toBe(true);

      const renewed = await call({ method: "PATCH", url: `/api/admin/badges/${badge.id}`, payload: { validUntil: addDays(lastDay, 365) } }, admin);
      expect(renewed.json()).toMatchObject({ message: "Badge saved", data: { expired: false } });
      expect((await publicBadges()).map((row) => row.id)).toContain(badge.id);

      const open = await call({ method: "PATCH", url: `/api/admin/badges/${badge.id}`, payload: { validUntil: "" } }, admin);
      expect(open.json().data).toMatchObject({ validUntil: null, expired: false });
    } finally {
      await setTimeZone("UTC");
    }
  });

  it.each([
    [{ ...PART_107, link: "javascript:alert(1)" }, "link", "Enter a web address starting with https:// or http://"],
    [{ ...PART_107, link: "/about" }, "link", "Enter a web address starting with https:// or http://"],
    [{ ...PART_107, link: "mailto:faa@example.gov" }, "link", "Enter a web address starting with https:// or http://"],
    [{ ...PART_107, title: "x".repeat(121) }, "title", "Keep the title under 120 characters"],
    [{ ...PART_107, title: "  " }, "title", "Name the certificate or policy"],
    [{ ...PART_107, issuer: "" }, "issuer", "Name who issued it (the authority, or the insurer)"],
    [{ ...PART_107, validUntil: "2027-02-30" }, "validUntil", "Valid until is a date as YYYY-MM-DD"],
    [{ ...PART_107, validUntil: "next year" }, "validUntil", "Valid until is a date as YYYY-MM-DD"],
    [{ ...PART_107, kind: "award" }, "kind", "Choose certification or insurance"],
  ])("refuses %j with a 400 naming %s, and stores nothing", async (payload, field, message) => {
    const before = (await adminBadges()).length;
    const res = await call({ method: "POST", url: "/api/admin/badges", payload }, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ [field]: message });
    expect(await adminBadges()).toHaveLength(before);
  });

  it("refuses a bad link on an edit too, keeps the badge as it was, and deletes it", async () => {
    const badge = await addBadge({ ...PART_107, link: "https://faa.example/registry" });
    const res = await call({ method: "PATCH", url: `/api/admin/badges/${badge.id}`, payload: { link: "javascript:alert(1)" } }, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ link: "Enter a web address starting with https:// or http://" });
    expect((await adminBadges()).find((row) => row.id === badge.id)?.link).toBe("https://faa.example/registry");
    expect((await call({ method: "PATCH", url: `/api/admin/badges/${badge.id}`, payload: {} }, admin)).statusCode).toBe(400);

    expect((await call({ method: "DELETE", url: `/api/admin/badges/${badge.id}` }, admin)).json()).toEqual({ success: true, message: "Badge deleted" });
    expect((await call({ method: "DELETE", url: `/api/admin/badges/${badge.id}` }, admin)).json()).toEqual({ message: "Badge not found" });
  });
});
