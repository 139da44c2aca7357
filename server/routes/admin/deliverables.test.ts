// The back office corrects a delivery: rename or delete any report or media item, and
// find one by page and search; admins only.
import { readdir } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { media, reports } from "../../db/schema";
import { appWithUsers, appWithUsersForTests, registerUser, type TestUser } from "../../testing/factories";
import { multipartBody, sampleFiles } from "../../testing/multipart";
import { type S3Peer, startS3Peer } from "../../testing/s3-peer";
import type { TestApp } from "../../testing/test-app";

type Kind = "reports" | "media";
const FILES = {
  reports: { name: "report.pdf", type: "application/pdf", content: sampleFiles.pdf },
  media: { name: "roof.png", type: "image/png", content: sampleFiles.png },
};

/** Uploads one report or media item for `owner` as `admin`, answering its id and file URL. */
async function deliver(t: TestApp, admin: TestUser, owner: TestUser, serviceId: number, kind: Kind, title: string, description = "As flown") {
  const fields = { userId: String(owner.user.id), serviceId: String(serviceId), title, description };
  const { payload, headers } = await multipartBody(fields, FILES[kind]);
  const res = await t.app.inject({ method: "POST", url: `/api/admin/${kind}`, payload, headers: { ...headers, cookie: admin.cookie } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; fileUrl: string; thumbnailUrl?: string | null };
}

async function storedFiles(t: TestApp): Promise<string[]> {
  const root = path.join(t.dataDir, "uploads");
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

describe("renaming and deleting deliverables", () => {
  let t: TestApp, admin: TestUser, customer: TestUser, pilot: TestUser, serviceId: number;
  appWithUsersForTests(["admin", "customer", "pilot"], (made) => {
    ({ t, serviceId } = made);
    [admin, customer, pilot] = made.users;
  });

  const call = (method: "PATCH" | "DELETE" | "GET", url: string, user?: TestUser, payload?: object) =>
    t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: user ? { cookie: user.cookie } : {} });

  describe.each(["reports", "media"] as const)("/api/admin/%s/{id}", (kind) => {
    it("refuses a visitor (401), the customer who owns it and a pilot (403), and changes nothing", async () => {
      const item = await deliver(t, admin, customer, serviceId, kind, "Kept as is");
      for (const method of ["PATCH", "DELETE"] as const) {
        const payload = method === "PATCH" ? { title: "Hijacked" } : undefined;
        expect((await call(method, `/api/admin/${kind}/${item.id}`, undefined, payload)).statusCode).toBe(401);
        expect((await call(method, `/api/admin/${kind}/${item.id}`, customer, payload)).statusCode).toBe(403);
        expect((await call(method, `/api/admin/${kind}/${item.id}`, pilot, payload)).statusCode).toBe(403);
      }
      const own = await call("GET", `/api/${kind}`, customer);
      expect(own.json().data.find((row: { id: number }) => row.id === item.id)).toMatchObject({ title: "Kept as is" });
      expect((await call("GET", item.fileUrl, customer)).statusCode).toBe(200);
    });

    it("answers 404 to an admin for an id that does not exist", async () => {
      expect((await call("PATCH", `/api/admin/${kind}/999999`, admin, { title: "Nothing" })).statusCode).toBe(404);
      expect((await call("DELETE", `/api/admin/${kind}/999999`, admin)).statusCode).toBe(404);
    });

    it("renames it: the customer's list shows the new title and description", async () => {
      const item = await deliver(t, admin, customer, serviceId, kind, "Wrong title");
      const res = await call("PATCH", `/api/admin/${kind}/${item.id}`, admin, { title: "  North roof, May  ", description: "Corrected scope" });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ id: item.id, title: "North roof, May", description: "Corrected scope", ownerName: "Test Pilot" });
      const own = await call("GET", `/api/${kind}`, customer);
      expect(own.json().data.find((row: { id: number }) => row.id === item.id)).toMatchObject({ title: "North roof, May", description: "Corrected scope" });
    });

    it("refuses an empty title or nothing to change with a message per field, and keeps the old title", async () => {
      const item = await deliver(t, admin, customer, serviceId, kind, "Still here");
      const blank = await call("PATCH", `/api/admin/${kind}/${item.id}`, admin, { title: "   ", description: "x".repeat(5_001) });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().errors).toEqual({ title: "Enter a title", description: "Description is too long" });
      const nothing = await call("PATCH", `/api/admin/${kind}/${item.id}`, admin, {});
      expect(nothing.statusCode).toBe(400);
      expect(nothing.json().errors).toEqual({ title: "Enter a title or a description" });
      const own = await call("GET", `/api/${kind}`, customer);
      expect(own.json().data.find((row: { id: number }) => row.id === item.id)).toMatchObject({ title: "Still here" });
    });

    it("deletes it: the row and its stored file go, the customer no longer sees it and its file answers 404", async () => {
      const item = await deliver(t, admin, customer, serviceId, kind, "Delivered by mistake");
      if (item.thumbnailUrl) expect((await call("GET", item.thumbnailUrl, customer)).statusCode).toBe(200);
      const filesBefore = await storedFiles(t);
      const res = await call("DELETE", `/api/admin/${kind}/${item.id}`, admin);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ success: true, message: kind === "media" ? "Media deleted" : "Report deleted" });
      const filesAfter = await storedFiles(t);
      // The file, and for an image every WebP copy made of it.
      expect(filesBefore.length - filesAfter.length).toBe(kind === "media" ? 2 : 1);
      expect(await (kind === "media" ? t.database.db.$count(media, eq(media.id, item.id)) : t.database.db.$count(reports, eq(reports.id, item.id)))).toBe(0);
      expect((await call("GET", `/api/${kind}`, customer)).json().data.map((row: { id: number }) => row.id)).not.toContain(item.id);
      expect((await call("GET", item.fileUrl, customer)).statusCode).toBe(404);
      expect((await call("GET", item.fileUrl, admin)).statusCode).toBe(404);
      expect((await call("DELETE", `/api/admin/${kind}/${item.id}`, admin)).statusCode).toBe(404);
    });
  });
});

describe("the back office's report and media lists", () => {
  let t: TestApp, admin: TestUser, ada: TestUser, grace: TestUser, nameless: TestUser, serviceId: number;
  appWithUsersForTests(["admin"], async (made) => {
    ({ t, serviceId } = made);
    [admin] = made.users;
    ada = await registerUser(t, { firstName: "Ada", lastName: "Lovelace" });
    grace = await registerUser(t, { firstName: "Grace", lastName: "Hopper" });
    nameless = await registerUser(t, { username: "plain-owner", firstName: "", lastName: "" });
    for (const kind of ["reports", "media"] as const) {
      await deliver(t, admin, ada, serviceId, kind, "Vineyard NDVI", "Rows 1-40");
      await deliver(t, admin, grace, serviceId, kind, "Solar array 7", "Hotspots 100%");
      await deliver(t, admin, nameless, serviceId, kind, "Barn roof", "Loose panels");
    }
  });

  const list = async (url: string) => {
    const res = await t.app.inject({ method: "GET", url, headers: { cookie: admin.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { success: true; data: { title: string; ownerName: string }[]; total: number };
  };

  describe.each(["reports", "media"] as const)("GET /api/admin/%s", (kind) => {
    it("names each owner by first and last name, else username, newest first, with the total", async () => {
      const all = await list(`/api/admin/${kind}`);
      expect(all.data.map((row) => [row.title, row.ownerName])).toEqual([
        ["Barn roof", "plain-owner"],
        ["Solar array 7", "Grace Hopper"],
        ["Vineyard NDVI", "Ada Lovelace"],
      ]);
      expect(all.total).toBe(3);
    });

    it("pages: pageSize rows from the page asked for, and the total of all matches", async () => {
      const second = await list(`/api/admin/${kind}?page=2&pageSize=2`);
      expect(second.data.map((row) => row.title)).toEqual(["Vineyard NDVI"]);
      expect(second.total).toBe(3);
    });

    it.each([
      ["lovelace", ["Vineyard NDVI"]],
      ["ada love", ["Vineyard NDVI"]],
      ["PLAIN", ["Barn roof"]],
      ["array", ["Solar array 7"]],
      ["loose", ["Barn roof"]],
      ["100%", ["Solar array 7"]],
      ["1_0", []],
    ])("searches title, description and owner's name on the server: %s", async (q, titles) => {
      const found = await list(`/api/admin/${kind}?q=${encodeURIComponent(q)}&page=1&pageSize=25`);
      expect(found.data.map((row) => row.title)).toEqual(titles);
      expect(found.total).toBe(titles.length);
    });

    it("refuses a page size it will not serve, with a field error", async () => {
      const res = await t.app.inject({ method: "GET", url: `/api/admin/${kind}?pageSize=1000`, headers: { cookie: admin.cookie } });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ pageSize: "pageSize must be at most 100" });
    });
  });

  it("keeps SPEC's GET /api/admin/media?limit=25: the newest rows, one user's with userId", async () => {
    const limited = await list("/api/admin/media?limit=2");
    expect(limited.data.map((row) => row.title)).toEqual(["Barn roof", "Solar array 7"]);
    const own = await list(`/api/admin/media?limit=25&userId=${grace.user.id}`);
    expect(own.data.map((row) => row.title)).toEqual(["Solar array 7"]);
    expect(own.total).toBe(1);
  });
});

describe("deleting a deliverable kept in an S3 bucket", () => {
  let peer: S3Peer, t: TestApp, admin: TestUser, customer: TestUser, serviceId: number;
  beforeAll(async () => {
    peer = await startS3Peer();
    ({
      t,
      users: [admin, customer],
      serviceId,
    } = await appWithUsers(["admin", "customer"], peer.env));
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  it.each(["reports", "media"] as const)("removes the %s object from the bucket", async (kind) => {
    const keysBefore = await peer.keys();
    const item = await deliver(t, admin, customer, serviceId, kind, "In the bucket");
    expect((await peer.keys()).length).toBe(keysBefore.length + 1);
    const res = await t.app.inject({ method: "DELETE", url: `/api/admin/${kind}/${item.id}`, headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(200);
    expect(await peer.keys()).toEqual(keysBefore);
  });
});
