import { execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { crc32 } from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SERVICE_PAGES } from "@common/site-page-defaults";
import { SITE_IMAGE_MAX_PIXELS, siteImageMessages, siteImageUrls } from "@common/site-images";
import { type ServiceDocument, sitePageMessages } from "@common/site-pages";
import { siteImages } from "../../db/schema";
import { LocalDiskStorage } from "../../storage/local-disk";
import type { ByteRange, Storage } from "../../storage/storage";
import { appWithUsersForTests, type TestUser } from "../../testing/factories";
import { multipartBody } from "../../testing/multipart";
import type { TestApp } from "../../testing/test-app";

/** Every file under a folder, temporary ones included, as paths relative to it. */
const filesUnder = (root: string): string[] =>
  !existsSync(root)
    ? []
    : readdirSync(root, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));

/** Local disk whose `failAtPut`th put (counting from 1) fails as a dropped bucket connection would. */
class FailingStorage implements Storage {
  failAtPut = 0;
  private puts = 0;
  private readonly disk: LocalDiskStorage;
  constructor(readonly root: string) {
    this.disk = new LocalDiskStorage(root);
  }
  put(key: string, body: Readable) {
    this.puts++;
    if (this.failAtPut && this.puts === this.failAtPut) return Promise.reject(Object.assign(new Error("storage went away"), { code: "ECONNRESET" }));
    return this.disk.put(key, body);
  }
  resetCount() {
    this.puts = 0;
  }
  read(key: string, range?: ByteRange) {
    return this.disk.read(key, range);
  }
  stat(key: string) {
    return this.disk.stat(key);
  }
  delete(key: string) {
    return this.disk.delete(key);
  }
  sweepIncomplete() {
    return this.disk.sweepIncomplete();
  }
}

/** A photo-like JPEG (noise, so it does not compress to nothing) of `width` × `height`. */
const jpegOf = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#3a6e8f", noise: { type: "gaussian", mean: 120, sigma: 30 } } })
    .jpeg({ quality: 80 })
    .toBuffer();

let scratch: string;
/** The file with EXIF written by Debian's exiftool, as a phone would: a GPS position, a camera, an orientation. */
async function withExif(content: Buffer, tags: string[]): Promise<Buffer> {
  const file = path.join(scratch, `exif-${Math.random().toString(36).slice(2)}.jpg`);
  await writeFile(file, content);
  execFileSync("exiftool", ["-q", "-overwrite_original", ...tags, file]);
  return readFile(file);
}
/** exiftool's GPS tags of a file's bytes: none is {}. */
async function gpsTags(content: Buffer): Promise<Record<string, unknown>> {
  const file = path.join(scratch, `read-${Math.random().toString(36).slice(2)}`);
  await writeFile(file, content);
  const [tags] = JSON.parse(execFileSync("exiftool", ["-json", "-GPS:all", "-Make", "-Model", file]).toString()) as Record<string, unknown>[];
  const { SourceFile: _, ...rest } = tags!;
  return rest;
}

/** A real PNG header claiming `width` × `height`: its IHDR rewritten with the right CRC, the pixels a tiny image's. */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
      .png()
      .toBuffer(),
  );
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

let t: TestApp, admin: TestUser, customer: TestUser, pilot: TestUser;
const storage = new FailingStorage(path.join(os.tmpdir(), `skyvantage-site-images-store-${process.pid}-${Date.now()}`));

beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), "skyvantage-site-images-"));
});
appWithUsersForTests(["admin", "customer", "pilot"], {}, { storage }, (made) => {
  t = made.t;
  [admin, customer, pilot] = made.users;
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
  await rm(storage.root, { recursive: true, force: true });
});

const upload = async (content: Buffer, name = "picture.jpg", type = "image/jpeg", user: TestUser | null = admin) => {
  const { payload, headers } = await multipartBody({}, { name, type, content });
  return t.app.inject({ method: "POST", url: "/api/admin/site-images", payload, headers: { ...headers, ...(user ? { cookie: user.cookie } : {}) } });
};
const get = (url: string, user?: TestUser) => t.app.inject({ method: "GET", url, headers: user ? { cookie: user.cookie } : {} });
const rowCount = () => t.database.db.$count(siteImages);

describe("who may call the picture endpoints", () => {
  it("refuses a visitor (401), a customer and a pilot (403) on every admin call; an admin gets through", async () => {
    const jpeg = await jpegOf(400, 300);
    for (const [user, status] of [
      [null, 401],
      [customer, 403],
      [pilot, 403],
    ] as const) {
      expect((await upload(jpeg, "p.jpg", "image/jpeg", user)).statusCode).toBe(status);
      expect((await get("/api/admin/site-images", user ?? undefined)).statusCode).toBe(status);
      expect((await t.app.inject({ method: "DELETE", url: "/api/admin/site-images/1", headers: user ? { cookie: user.cookie } : {} })).statusCode).toBe(status);
    }
    expect(await rowCount()).toBe(0);
    expect((await get("/api/admin/site-images", admin)).statusCode).toBe(200);
  });
});

describe("POST /api/admin/site-images checks the file by its content", () => {
  const refusals: [string, () => Promise<Buffer>, string, string][] = [
    [
      "an SVG",
      async () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><script>alert(1)</script></svg>'),
      "x.svg",
      siteImageMessages.notImage,
    ],
    ["a text file named .jpg", async () => Buffer.from("just some text pretending to be a photo"), "photo.jpg", siteImageMessages.notImage],
    [
      "a GIF",
      async () =>
        sharp({ create: { width: 400, height: 300, channels: 3, background: "#000" } })
          .gif()
          .toBuffer(),
      "x.jpg",
      siteImageMessages.notImage,
    ],
    ["a JPEG cut short", async () => (await jpegOf(1200, 900)).subarray(0, 20_000), "cut.jpg", siteImageMessages.unreadable],
    ["a JPEG 300 px wide", () => jpegOf(300, 600), "narrow.jpg", siteImageMessages.tooNarrow(300)],
    ["a PNG claiming 10000 × 6000 px", () => pngClaiming(10_000, 6_000), "huge.png", siteImageMessages.tooManyPixels(10_000, 6_000)],
  ];

  it.each(refusals)("refuses %s with 400 naming file, and stores no row and no file", async (_name, make, fileName, message) => {
    const content = await make();
    const res = await upload(content, fileName);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, errors: { file: message } });
    expect(await rowCount()).toBe(0);
    expect(filesUnder(storage.root)).toEqual([]);
  });

  it("names the limit it checks pixels against", () => {
    expect(10_000 * 6_000).toBeGreaterThan(SITE_IMAGE_MAX_PIXELS);
  });

  it("keeps no row and no file when the storage fails at any copy, and takes the next upload", async () => {
    const jpeg = await jpegOf(1000, 700);
    // 1000 px wide: WebP at 480, 960 and 1000, the JPEG and the social crop, five puts.
    for (const failAt of [1, 3, 5]) {
      storage.resetCount();
      storage.failAtPut = failAt;
      const res = await upload(jpeg);
      expect(res.statusCode).toBe(503);
      expect(await rowCount()).toBe(0);
      expect(filesUnder(storage.root)).toEqual([]);
    }
    storage.failAtPut = 0;
    const res = await upload(jpeg, "after.jpg");
    expect(res.statusCode).toBe(201);
    expect(await rowCount()).toBe(1);
    expect(filesUnder(storage.root).sort()).toHaveLength(5);
    expect((await t.app.inject({ method: "DELETE", url: `/api/admin/site-images/${res.json().data.id}`, headers: { cookie: admin.cookie } })).statusCode).toBe(
      200,
    );
    expect(filesUnder(storage.root)).toEqual([]);
  });
});

describe("a phone's photo", () => {
  let token: string, id: number;

  it("is stored upright, and no copy carries its GPS position or camera", async () => {
    // Stored sideways (1600 × 1000) with orientation 6: upright it is 1000 wide and 1600 high.
    const original = await withExif(await jpegOf(1600, 1000), [
      "-GPSLatitude=51.5007",
      "-GPSLatitudeRef=N",
      "-GPSLongitude=0.1246",
      "-GPSLongitudeRef=W",
      "-Make=PhoneMaker",
      "-Model=Phone 15",
      "-Orientation#=6",
    ]);
    expect(await gpsTags(original)).toMatchObject({ GPSLatitudeRef: "North", Make: "PhoneMaker" });
    const res = await upload(original, "IMG_0042.jpg");
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({ format: "jpeg", width: 1000, height: 1600, bytes: original.length, fileName: "IMG_0042.jpg", usedOn: [] });
    expect(data.token).toMatch(/^[0-9a-f]{32}$/);
    ({ token, id } = data);

    const copies = [...[480, 960, 1000].map((width) => siteImageUrls.webp(token, width)), siteImageUrls.jpeg(token), siteImageUrls.og(token)];
    for (const url of copies) {
      const copy = await get(url);
      expect(copy.statusCode, url).toBe(200);
      expect(copy.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(await gpsTags(copy.rawPayload), url).toEqual({});
      const metadata = await sharp(copy.rawPayload).metadata();
      expect(metadata.exif, url).toBeUndefined();
      expect(metadata.orientation, url).toBeUndefined();
    }
    expect(await sharp((await get(siteImageUrls.webp(token, 960))).rawPayload).metadata()).toMatchObject({ format: "webp", width: 960, height: 1536 });
    expect(await sharp((await get(siteImageUrls.jpeg(token))).rawPayload).metadata()).toMatchObject({ format: "jpeg", width: 1000, height: 1600 });
    expect(await sharp((await get(siteImageUrls.og(token))).rawPayload).metadata()).toMatchObject({ format: "jpeg", width: 1200, height: 630 });
    // No copy wider than the original, and no other name answers.
    expect((await get(siteImageUrls.webp(token, 1600))).statusCode).toBe(404);
    expect((await get(`/api/site/images/${token}-og.webp`)).statusCode).toBe(404);
    expect((await get(siteImageUrls.webp("0".repeat(32), 480))).statusCode).toBe(404);
  });

  const solar = (): ServiceDocument => structuredClone(DEFAULT_SERVICE_PAGES["solar-inspections"]!);
  const putDraft = async (document: ServiceDocument) => {
    const page = (await get("/api/admin/pages/solar-inspections", admin)).json();
    return t.app.inject({
      method: "PUT",
      url: "/api/admin/pages/solar-inspections/draft",
      headers: { cookie: admin.cookie },
      payload: { revision: page.revision, document },
    });
  };

  it("goes into a hero with its size from its row, whatever the client says; alt text is required", async () => {
    const noAlt = solar();
    noAlt.hero.picture = { image: { token, width: 1, height: 1 }, alt: " " };
    const refused = await putDraft(noAlt);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ "document.hero.picture.alt": sitePageMessages.required("The picture's description") });

    const unknown = solar();
    unknown.hero.picture = { image: { token: "f".repeat(32), width: 1000, height: 1600 }, alt: "Panels" };
    const gone = await putDraft(unknown);
    expect(gone.statusCode).toBe(400);
    expect(gone.json().errors).toEqual({ "document.hero.picture.image": siteImageMessages.gone });

    const withPicture = solar();
    withPicture.hero.picture = { image: { token, width: 5, height: 5 }, alt: "Rows of solar panels seen from above" };
    const saved = await putDraft(withPicture);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.draft.hero.picture).toEqual({ image: { token, width: 1000, height: 1600 }, alt: "Rows of solar panels seen from above" });
  });

  it("cannot be deleted while a draft shows it: 409 naming the page; listed with where it is used", async () => {
    const list = (await get("/api/admin/site-images", admin)).json().data;
    expect(list).toEqual([
      expect.objectContaining({ id, token, usedOn: [{ key: "solar-inspections", route: "/solar-inspections", draft: true, published: false }] }),
    ]);
    const res = await t.app.inject({ method: "DELETE", url: `/api/admin/site-images/${id}`, headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(siteImageMessages.inUse(["/solar-inspections"]));
    expect((await get(siteImageUrls.jpeg(token))).statusCode).toBe(200);
  });

  it("cannot be deleted while the live page shows it, even once the draft no longer does", async () => {
    expect(
      (await t.app.inject({ method: "POST", url: "/api/admin/pages/solar-inspections/publish", headers: { cookie: admin.cookie }, payload: {} })).statusCode,
    ).toBe(200);
    expect((await putDraft(solar())).statusCode).toBe(200);
    const res = await t.app.inject({ method: "DELETE", url: `/api/admin/site-images/${id}`, headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(409);
    const [entry] = (await get("/api/admin/site-images", admin)).json().data;
    expect(entry.usedOn).toEqual([{ key: "solar-inspections", route: "/solar-inspections", draft: false, published: true }]);
  });

  it("is deleted once no page shows it: its row and files go, its addresses answer 404, and a version showing it cannot be restored", async () => {
    expect(
      (await t.app.inject({ method: "POST", url: "/api/admin/pages/solar-inspections/publish", headers: { cookie: admin.cookie }, payload: {} })).statusCode,
    ).toBe(200);
    const res = await t.app.inject({ method: "DELETE", url: `/api/admin/site-images/${id}`, headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(200);
    expect(await rowCount()).toBe(0);
    expect(filesUnder(storage.root)).toEqual([]);
    expect((await get(siteImageUrls.jpeg(token))).statusCode).toBe(404);
    const restore = await t.app.inject({
      method: "POST",
      url: "/api/admin/pages/solar-inspections/restore",
      headers: { cookie: admin.cookie },
      payload: { version: 1 },
    });
    expect(restore.statusCode).toBe(409);
    expect(restore.json().errors).toEqual({ version: sitePageMessages.versionPictureGone(1) });
  });
});
