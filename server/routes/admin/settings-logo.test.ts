import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { LOGO_MAX_BYTES } from "@common/settings";
import { businessLogos } from "../../db/schema";
import { logoMessages } from "../../settings/logo";
import { appWithUsersForTests } from "../../testing/factories";
import { settingsDriver } from "../../testing/settings";
import type { TestApp } from "../../testing/test-app";

/** A real PNG of `width` × `height` pixels, made by sharp. */
const pngOf = (width: number, height: number, background = "#1f6f8b") =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

describe("POST /api/admin/settings/logo", () => {
  let t: TestApp, as: ReturnType<typeof settingsDriver>, visitor: ReturnType<typeof settingsDriver>;
  appWithUsersForTests(["admin"], (made) => {
    t = made.t;
    as = settingsDriver(t, made.users[0]);
    visitor = settingsDriver(t);
  });

  const storedLogos = () => t.database.db.select({ version: businessLogos.version }).from(businessLogos);

  it("refuses a text file named logo.png with 415 naming logo, and stores nothing", async () => {
    const res = await as.uploadLogo(Buffer.from("just some text pretending to be an image"), "logo.png", "image/png");
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: logoMessages.notImage, errors: { logo: logoMessages.notImage } });
    expect((await visitor.siteInfo()).logoUrl).toBeNull();
    expect((await as.view()).values.logoUrl).toBeNull();
    expect(await storedLogos()).toEqual([]);
  });

  it("refuses a real PNG over 5 MB with 413 naming logo, and stores nothing", async () => {
    const png = await pngOf(60, 30);
    // A PNG decoder stops at IEND: what follows makes the file heavy without making it anything but a PNG.
    const heavy = Buffer.concat([png, Buffer.alloc(LOGO_MAX_BYTES + 1 - png.length)]);
    expect((await sharp(heavy).metadata()).format).toBe("png");
    const res = await as.uploadLogo(heavy);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: logoMessages.tooLarge, errors: { logo: logoMessages.tooLarge } });
    expect((await visitor.siteInfo()).logoUrl).toBeNull();
    expect(await storedLogos()).toEqual([]);
  });

  it("refuses a PNG cut off after its header with 415 naming logo, and stores nothing", async () => {
    const noise = { type: "gaussian" as const, mean: 128, sigma: 40 };
    const whole = await sharp({ create: { width: 300, height: 300, channels: 3, background: "#000", noise } })
      .png()
      .toBuffer();
    const cut = whole.subarray(0, 2_000);
    expect((await sharp(cut).metadata()).format).toBe("png");
    const res = await as.uploadLogo(cut);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: logoMessages.notImage, errors: { logo: logoMessages.notImage } });
    expect((await visitor.siteInfo()).logoUrl).toBeNull();
    expect(await storedLogos()).toEqual([]);
  });

  it("takes a real PNG: the site names its address, which answers a PNG at most 256 px high, cached for good", async () => {
    const res = await as.uploadLogo(await pngOf(1200, 800));
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("Logo saved");
    const { logoUrl } = await visitor.siteInfo();
    expect(logoUrl).toMatch(/^\/api\/site\/logo-[0-9a-f]{16}\.png$/);
    expect(res.json().data.values.logoUrl).toBe(logoUrl);

    const image = await t.app.inject({ method: "GET", url: logoUrl! });
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/png");
    expect(image.headers["cache-control"]).toMatch(/\bimmutable\b/);
    expect(image.headers["cache-control"]).toMatch(/\bmax-age=31536000\b/);
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ format: "png", width: 384, height: 256 });
  });

  it("keeps the logo in place when a later upload is refused", async () => {
    const before = (await visitor.siteInfo()).logoUrl;
    expect((await as.uploadLogo(Buffer.from("not an image"), "logo.webp", "image/webp")).statusCode).toBe(415);
    expect((await visitor.siteInfo()).logoUrl).toBe(before);
    expect((await t.app.inject({ method: "GET", url: before! })).statusCode).toBe(200);
  });

  it("gives a new logo a new address; the old address then answers 404", async () => {
    const before = (await visitor.siteInfo()).logoUrl!;
    const res = await as.uploadLogo(await pngOf(100, 100, "#c0392b"), "square.png");
    expect(res.statusCode).toBe(200);
    const after = (await visitor.siteInfo()).logoUrl!;
    expect(after).not.toBe(before);
    expect((await t.app.inject({ method: "GET", url: before })).statusCode).toBe(404);
    const image = await t.app.inject({ method: "GET", url: after });
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ format: "png", width: 100, height: 100 });
    expect(await storedLogos()).toHaveLength(1);
  });
});
