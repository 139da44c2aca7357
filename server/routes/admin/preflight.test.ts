import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checklistMessages } from "@common/preflight-words";
import { pagesOf } from "../../pdf/testing/poppler";
import { type AppWithUsers, appWithUsers, type TestUser } from "../../testing/factories";
import { type JobDriver, jobDriver, moveBody } from "../../testing/jobs";
import type { TestApp } from "../../testing/test-app";

// The pre-flight checklist (docs/decisions/0074-preflight-checklist.md): the business's items as
// migration 0033 seeds them, a job's answers, who may read and write them, and Mark flown's gate.

interface Item {
  id: number;
  label: string;
  kind: "blocker" | "warning";
  needsValue: boolean;
  thermalOnly: boolean;
  source: "irradiance" | null;
}

describe("the pre-flight checklist", () => {
  let made: AppWithUsers<readonly ["admin", "customer", "customer", "pilot", "pilot"]>;
  let t: TestApp, admin: TestUser, customer: TestUser, pilot: TestUser, otherPilot: TestUser;
  let drive: JobDriver;
  beforeAll(async () => {
    made = await appWithUsers(["admin", "customer", "customer", "pilot", "pilot"] as const, {}, { seededChecklist: true });
    ({ t } = made);
    [admin, customer, , pilot, otherPilot] = made.users;
    drive = jobDriver(t, admin, pilot, made.serviceId);
  });
  afterAll(() => made.t.close());

  const call = (method: "GET" | "PUT" | "PATCH", url: string, user: TestUser | null, payload?: object) =>
    t.app.inject({ method, url, headers: user ? { cookie: user.cookie } : {}, ...(payload ? { payload } : {}) });
  const items = async (): Promise<Item[]> => (await call("GET", "/api/admin/checklist-items", admin)).json().data;
  const checklist = (id: number, user: TestUser = admin) => call("GET", `/api/admin/jobs/${id}/preflight-checklist`, user);
  const tick = (id: number, answers: object[], user: TestUser = pilot) => call("PUT", `/api/admin/jobs/${id}/preflight-checklist`, user, { answers });
  const flown = { status: "flown", flight: { flownOn: "2026-11-02", durationMinutes: 20 } };
  /** Every item ticked, with a value where one is needed. */
  const allTicked = (list: Item[], irradiance = "640") =>
    list.map((item) => ({ itemId: item.id, checked: true, value: item.source === "irradiance" ? irradiance : item.needsValue ? "DAA-2026-118" : "" }));

  it("starts a fresh install with the seeded items: four blockers and the thermal irradiance warning", async () => {
    const list = await items();
    expect(list.map(({ label, kind, needsValue, thermalOnly, source }) => ({ label, kind, needsValue, thermalOnly, source }))).toEqual([
      { label: "Airspace checked; authorisation number", kind: "blocker", needsValue: true, thermalOnly: false, source: null },
      { label: "NOTAMs checked", kind: "blocker", needsValue: false, thermalOnly: false, source: null },
      { label: "Site briefing given", kind: "blocker", needsValue: false, thermalOnly: false, source: null },
      { label: "Weather within the aircraft's limits", kind: "blocker", needsValue: false, thermalOnly: false, source: null },
      { label: "Irradiance at least 600 W/m² (IEC TS 62446-3)", kind: "warning", needsValue: false, thermalOnly: true, source: "irradiance" },
    ]);
  });

  it("lets staff read the items and only admins write them", async () => {
    expect((await call("GET", "/api/admin/checklist-items", null)).statusCode).toBe(401);
    expect((await call("GET", "/api/admin/checklist-items", customer)).statusCode).toBe(403);
    expect((await call("GET", "/api/admin/checklist-items", pilot)).statusCode).toBe(200);
    const body = {
      items: (await items()).map(({ id, label, kind, needsValue, thermalOnly, source }) => ({ id, label, kind, needsValue, thermalOnly, source })),
    };
    expect((await call("PUT", "/api/admin/checklist-items", null, body)).statusCode).toBe(401);
    expect((await call("PUT", "/api/admin/checklist-items", customer, body)).statusCode).toBe(403);
    expect((await call("PUT", "/api/admin/checklist-items", pilot, body)).statusCode).toBe(403);
    expect((await call("PUT", "/api/admin/checklist-items", admin, body)).statusCode).toBe(200);
  });

  it("refuses a bad item with 400 naming it, and changes nothing", async () => {
    const before = await items();
    const unknown = await call("PUT", "/api/admin/checklist-items", admin, { items: [{ id: 999_999, label: "Ghost", kind: "blocker" }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ "items.0.id": checklistMessages.unknownItem });
    const blank = await call("PUT", "/api/admin/checklist-items", admin, { items: [{ label: "  ", kind: "maybe" }] });
    expect(blank.statusCode).toBe(400);
    expect(Object.keys(blank.json().errors).sort()).toEqual(["items.0.kind", "items.0.label"]);
    expect(await items()).toEqual(before);
  });

  it("lets the job's pilot and admins read and tick a job's checklist, nobody else", async () => {
    const id = await drive.jobAt(customer, "scheduled");
    expect((await call("GET", `/api/admin/jobs/${id}/preflight-checklist`, null)).statusCode).toBe(401);
    expect((await checklist(id, customer)).statusCode).toBe(403);
    expect((await checklist(id, made.users[2])).statusCode).toBe(403);
    expect((await checklist(id, otherPilot)).statusCode).toBe(404);
    expect((await checklist(id, pilot)).statusCode).toBe(200);
    expect((await checklist(id, admin)).statusCode).toBe(200);
    const answers = [{ itemId: (await items())[1]!.id, checked: true }];
    expect((await call("PUT", `/api/admin/jobs/${id}/preflight-checklist`, null, { answers })).statusCode).toBe(401);
    expect((await tick(id, answers, customer)).statusCode).toBe(403);
    expect((await tick(id, answers, otherPilot)).statusCode).toBe(404);
    expect((await tick(id, answers, pilot)).statusCode).toBe(200);
    expect((await tick(id, answers, admin)).statusCode).toBe(200);
  });

  it("refuses a bad answer with 400 naming it, and saves nothing", async () => {
    const id = await drive.jobAt(customer, "scheduled");
    const list = await items();
    const airspace = list[0]!;
    const irradiance = list.find((item) => item.source === "irradiance")!;
    const cases: [object[], string][] = [
      [[{ itemId: 999_999, checked: true }], "answers.0.itemId"],
      [[{ itemId: airspace.id, checked: true, value: "" }], "answers.0.value"],
      [
        [
          { itemId: list[1]!.id, checked: true },
          { itemId: irradiance.id, checked: true, value: "bright" },
        ],
        "answers.1.value",
      ],
      [[{ itemId: irradiance.id, checked: true, value: "-5" }], "answers.0.value"],
    ];
    for (const [answers, field] of cases) {
      const res = await tick(id, answers);
      expect(res.statusCode, field).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual([field]);
    }
    const after = (await checklist(id)).json().data;
    expect(after.items.every((item: { checked: boolean }) => !item.checked)).toBe(true);
    expect((await call("GET", `/api/admin/jobs/${id}/inspection-conditions`, admin)).json().data.irradiance).toBeNull();
  });

  it("enters the irradiance once: the checklist writes the inspection conditions, and reads them back judged against 600", async () => {
    const id = await drive.jobAt(customer, "scheduled");
    const irradiance = (await items()).find((item) => item.source === "irradiance")!;
    const saved = await tick(id, [{ itemId: irradiance.id, checked: true, value: "640" }]);
    expect(saved.statusCode).toBe(200);
    expect((await call("GET", `/api/admin/jobs/${id}/inspection-conditions`, admin)).json().data.irradiance).toBe(640);
    const conditions = { irradiance: 550, ambientTemp: 21, windSpeed: 3, cloudCover: 1, cloudUnit: "oktas", aircraft: "", camera: "" };
    expect((await call("PUT", `/api/admin/jobs/${id}/inspection-conditions`, admin, conditions)).statusCode).toBe(200);
    const item = (await checklist(id, pilot)).json().data.items.find((candidate: { source: string | null }) => candidate.source === "irradiance");
    expect(item).toMatchObject({ irradiance: 550, value: "550", judgement: "below", checked: true });
  });

  it("refuses Mark flown naming each unticked blocker, lets an admin override with a reason kept in the history, and passes once ticked", async () => {
    const list = await items();
    const first = await drive.jobAt(customer, "scheduled");
    await tick(first, [{ itemId: list[0]!.id, checked: true, value: "DAA-2026-118" }]);
    const refused = await drive.patch(first, flown, pilot);
    expect(refused.statusCode).toBe(409);
    const message = checklistMessages.notTicked(["NOTAMs checked", "Site briefing given", "Weather within the aircraft's limits"]);
    expect(refused.json().errors).toEqual({ checklist: message });
    // A pilot's reason does not override: the override is an admin's.
    expect((await drive.patch(first, { ...flown, overrideReason: "Briefed on the phone" }, pilot)).statusCode).toBe(409);
    const overridden = await drive.patch(first, { ...flown, overrideReason: "NOTAM office closed; checked by phone" });
    expect(overridden.statusCode).toBe(200);
    const notes = (await drive.read(first)).events.map((event) => event.note);
    expect(notes).toContain(
      "Flown without the pre-flight checklist's NOTAMs checked; Site briefing given; Weather within the aircraft's limits ticked: NOTAM office closed; checked by phone",
    );

    const second = await drive.jobAt(customer, "scheduled");
    // A warning (the irradiance) never blocks: every blocker ticked, the irradiance left below 600.
    const answers = allTicked(list, "450").map((answer) => (answer.itemId === list[4]!.id ? { ...answer, checked: false } : answer));
    expect((await tick(second, answers)).statusCode).toBe(200);
    expect((await drive.patch(second, flown, pilot)).statusCode).toBe(200);
    const kept = (await checklist(second)).json().data;
    expect(kept.keptAt).not.toBeNull();
    expect(kept.items[0]).toMatchObject({
      label: "Airspace checked; authorisation number",
      checked: true,
      value: "DAA-2026-118",
      checkedBy: expect.any(String),
    });
    expect(kept.items[4]).toMatchObject({ irradiance: 450, judgement: "below", checked: false });
    // Kept: no more ticks, and the business's later wording does not rewrite it.
    expect((await tick(second, answers)).statusCode).toBe(409);
    const renamed = list.map(({ id, label, kind, needsValue, thermalOnly, source }) => ({
      id,
      label: `${label} (revised)`,
      kind,
      needsValue,
      thermalOnly,
      source,
    }));
    expect((await call("PUT", "/api/admin/checklist-items", admin, { items: renamed })).statusCode).toBe(200);
    expect((await checklist(second)).json().data.items.map((item: { label: string }) => item.label)).toEqual(list.map((item) => item.label));
    // An open job's tick given under the old wording reads unticked under the new one.
    const open = await drive.jobAt(customer, "scheduled");
    await tick(open, [{ itemId: list[1]!.id, checked: true }]);
    const restored = list.map(({ id, label, kind, needsValue, thermalOnly, source }) => ({ id, label, kind, needsValue, thermalOnly, source }));
    expect((await call("PUT", "/api/admin/checklist-items", admin, { items: restored })).statusCode).toBe(200);
    expect((await checklist(open)).json().data.items[1].checked).toBe(false);
  });

  it("clears the ticks when the job is rescheduled: a new day asks for them afresh", async () => {
    const id = await drive.jobAt(customer, "scheduled");
    expect((await tick(id, allTicked(await items()))).statusCode).toBe(200);
    const rescheduled = await drive.patch(id, { ...moveBody("scheduled", pilot.user.id), reason: "Wind above limits" });
    expect(rescheduled.statusCode).toBe(200);
    const after = (await checklist(id)).json().data;
    expect(after.items.filter((item: { checked: boolean }) => item.checked)).toEqual([]);
    // The irradiance stays: it is the inspection conditions' own.
    expect(after.items[4]).toMatchObject({ irradiance: 640, value: "640" });
  });

  it("lists the kept checklist in the compliance packet", async () => {
    const id = await drive.jobAt(customer, "scheduled");
    expect((await tick(id, allTicked(await items()))).statusCode).toBe(200);
    expect((await drive.patch(id, flown, pilot)).statusCode).toBe(200);
    const res = await call("GET", `/api/admin/jobs/${id}/compliance.pdf`, admin);
    expect(res.statusCode).toBe(200);
    const text = (await pagesOf(res.rawPayload)).join("\n");
    for (const expected of ["PRE-FLIGHT CHECKLIST (KEPT", "Airspace checked; authorisation number", "DAA-2026-118", "NOTAMs checked", "Irradiance 640 W/m²"])
      expect(text).toContain(expected);
  });
});
