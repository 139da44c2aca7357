// Video posters (docs/decisions/0038-video-posters.md): a video uploaded for a customer plays in their
// Media tab with the poster frame Debian's ffmpeg took at upload, and its length on the tile; a file
// ffmpeg cannot read keeps the site's generic poster. A poster made while the tab is open appears
// there without a reload (docs/decisions/0050-poster-pending.md): the poster tasks are held (the run's
// hold file, e2e/held-ffprobe.sh) until the page shows the videos waiting for theirs.
import { rmSync, writeFileSync } from "node:fs";
import { makeTestVideo } from "../server/testing/videos";
import { expect, readE2EState, severeViolations, test, uniqueId } from "./fixtures";

// A valid MP4 header and nothing playable after it: accepted by content, unreadable by ffmpeg.
const BROKEN_MP4 = Buffer.concat([Buffer.from("000000186674797069736f6d0000020069736f6d69736f32", "hex"), Buffer.alloc(256, 1)]);

test("a customer's video shows its poster frame and length once made, without a reload, and an unreadable one the generic poster", async ({
  page,
  newCustomer,
  adminContext: admin,
}) => {
  const { posterHold } = readE2EState()!;
  writeFileSync(posterHold, "");
  try {
    const word = uniqueId();
    await newCustomer();
    const { id: userId } = (await (await page.request.get("/api/user")).json()) as { id: number };
    const [service] = ((await (await admin.request.get("/api/services")).json()) as { data: { id: number }[] }).data;
    const upload = async (title: string, buffer: Buffer) => {
      const res = await admin.request.post("/api/admin/media", {
        multipart: {
          userId: String(userId),
          serviceId: String(service!.id),
          title,
          description: "Drone video",
          isGalleryItem: "false",
          file: { name: "flyover.mp4", mimeType: "video/mp4", buffer },
        },
      });
      expect(res.status(), await res.text()).toBe(201);
      return ((await res.json()) as { data: { id: number } }).data.id;
    };
    const good = await upload(`Flyover ${word}`, await makeTestVideo(3));
    await upload(`Cut off ${word}`, BROKEN_MP4);
    type Item = { id: number; posterUrl: string | null; posterPending: boolean };
    const mine = async () => ((await (await page.request.get("/api/media")).json()) as { data: Item[] }).data;
    // The queue makes the posters after the uploads answered; held, it has made none yet.
    expect((await mine()).filter((item) => item.posterPending).length).toBe(2);

    await page.goto("/dashboard");
    await page.getByRole("tab", { name: "Media" }).click();
    const video = page.getByLabel(`Flyover ${word}`, { exact: true });
    await expect(video).toHaveAttribute("poster", /^data:image\/svg\+xml|\.svg$/);
    await page.evaluate(() => Object.assign(window, { openedOnce: true }));

    // The poster tasks go on; the open tab shows the poster when it is made.
    rmSync(posterHold);
    await expect(video).toHaveAttribute("poster", `/api/media/${good}/poster`, { timeout: 30_000 });
    expect(await page.evaluate(() => "openedOnce" in window), "the page was not reloaded").toBe(true);
    await expect(video).toHaveAttribute("src", `/api/media/${good}/file`);
    // The poster image loads in the browser: a JPEG of the video's width.
    const loaded = await page.evaluate(
      (src) =>
        new Promise<{ width: number; height: number }>((resolve, reject) => {
          const image = new Image();
          image.onload = () => resolve({ width: image.naturalWidth, height: image.naturalHeight });
          image.onerror = () => reject(new Error(`the poster ${src} did not load`));
          image.src = src;
        }),
      `/api/media/${good}/poster`,
    );
    expect(loaded).toEqual({ width: 320, height: 240 });
    // The innermost box holding the player holds its length too.
    const card = page.locator("div").filter({ has: video }).last();
    await expect(card.getByText("0:03")).toBeVisible();
    // The video still seeks: its metadata loads and a jump lands where asked.
    const seeked = await video.evaluate(
      (element) =>
        new Promise<number>((resolve) => {
          const player = element as HTMLVideoElement;
          const jump = () => {
            player.addEventListener("seeked", () => resolve(player.currentTime), { once: true });
            player.currentTime = 2;
          };
          if (player.readyState >= 1) jump();
          else player.addEventListener("loadedmetadata", jump, { once: true });
        }),
    );
    expect(seeked).toBeCloseTo(2, 0);

    const unreadable = page.getByLabel(`Cut off ${word}`, { exact: true });
    await expect(unreadable).toHaveAttribute("poster", /^data:image\/svg\+xml|\.svg$/);
    // Neither waits any more: the unreadable one's job ended without a poster.
    await expect.poll(async () => (await mine()).filter((item) => item.posterPending).length, { timeout: 30_000 }).toBe(0);
    expect(await severeViolations(page), "serious or critical axe violations on the Media tab with videos").toBe("");
  } finally {
    rmSync(posterHold, { force: true });
  }
});
