// The owner's words reach visitors by draft, preview and publish (docs/decisions/0061-site-pages.md,
// 0064-pages-rendered-at-publish.md), on two instances of one site sharing a PostgreSQL database: a
// draft of the home page's intro, a package's "from" price and a FAQ question stays out of what
// visitors get, the preview link shows it, and after Publish the HTML both instances send (read
// without running any script) carries it on exactly the pages changed. Restoring the earlier version
// and publishing it brings the old words back.
import { randomBytes } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { DEFAULT_SERVICE_PAGES } from "@common/site-page-defaults";
import type { HomeDocument, ServiceDocument } from "@common/site-pages";
import { createScratchDatabase, type ScratchDatabase } from "../server/testing/scratch-database";
import { expect, json, test } from "./fixtures";
import { type OwnServer, startOwnServer } from "./own-server";

const OWNER = { username: "publishing-owner", password: "publishing-owner-password" };
const BASE_DATABASE_URL = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";

const OLD_INTRO = "Aerial data for farms, arrays and film sets across the valley.";
const NEW_INTRO = "Thermal surveys of every string, reviewed by our own pilots.";
const NEW_ANSWER = "Most arrays under 5 MWp are flown and reported within three working days.";

interface PageAnswer<T> {
  revision: number;
  draft: T;
}

async function putDraft<T>(admin: APIRequestContext, key: string, change: (draft: T) => T): Promise<void> {
  const { revision, draft } = await json<PageAnswer<T>>(await admin.get(`/api/admin/pages/${key}`));
  await json(await admin.put(`/api/admin/pages/${key}/draft`, { data: { revision, document: change(draft) } }));
}

const withIntro = (document: HomeDocument, text: string): HomeDocument => ({
  ...document,
  hero: { ...document.hero, intro: [{ type: "paragraph", runs: [{ text }] }] },
});

/** The page's HTML as a crawler gets it: no script runs. */
const htmlOf = async (baseURL: string, route: string) => (await fetch(`${baseURL}${route}`)).text();

test.describe("publishing on one instance of two", () => {
  test.describe.configure({ timeout: 240_000 });
  let scratch: ScratchDatabase;
  let instances: OwnServer[] = [];

  test.beforeAll(async () => {
    scratch = await createScratchDatabase(BASE_DATABASE_URL, "skyvantage_publish");
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: scratch.url,
      DATA_DIR: `/tmp/skyvantage-publish-${randomBytes(4).toString("hex")}`,
      // One key on both: the preview link one instance signs, the other verifies.
      SETTINGS_SECRET_KEY: randomBytes(32).toString("base64"),
      LOG_LEVEL: "warn",
      ADMIN_USERNAME: OWNER.username,
      ADMIN_PASSWORD: OWNER.password,
      ADMIN_EMAIL: "owner@publishing.example",
    };
    // One after the other: both migrate the same database as they start.
    instances = [await startOwnServer(env)];
    instances.push(await startOwnServer(env));
  });
  test.afterAll(async () => {
    for (const instance of instances) await instance.stop();
    await scratch?.drop();
  });

  test("a draft stays out of visitors' pages, its preview shows it, and Publish puts it in both instances' HTML; restoring brings the old words back", async ({
    page,
    playwright,
  }) => {
    const [a, b] = instances as [OwnServer, OwnServer];
    const admin = await playwright.request.newContext({ baseURL: a.baseURL });
    await json(await admin.post("/api/login", { data: OWNER }));

    // The owner's first wording of the home page is live (version 1).
    await putDraft<HomeDocument>(admin, "home", (draft) => withIntro(draft, OLD_INTRO));
    await json(await admin.post("/api/admin/pages/home/publish", { data: {} }));
    await expect.poll(() => htmlOf(b.baseURL, "/"), { timeout: 30_000 }).toContain(OLD_INTRO);

    // The draft: a new intro, a "from" price on the recommended package, a new question in the FAQ.
    await putDraft<HomeDocument>(admin, "home", (draft) => withIntro(draft, NEW_INTRO));
    const solar = DEFAULT_SERVICE_PAGES["solar-inspections"] as ServiceDocument;
    const recommended = solar.packages.items.findIndex((item) => item.recommended);
    const question = "How soon is the report ready?";
    await putDraft<ServiceDocument>(admin, "solar-inspections", (draft) => ({
      ...draft,
      packages: {
        ...draft.packages,
        items: draft.packages.items.map((item, index) => (index === recommended ? { ...item, price: { kind: "from", cents: 125_000, unit: "MWp" } } : item)),
      },
      faq: { ...draft.faq, items: [...draft.faq.items, { question, answer: [{ type: "paragraph", runs: [{ text: NEW_ANSWER }] }] }] },
    }));

    // A visitor still gets the published pages, in the HTML and once rendered.
    for (const { baseURL } of instances) {
      expect(await htmlOf(baseURL, "/")).toContain(OLD_INTRO);
      expect(await htmlOf(baseURL, "/")).not.toContain(NEW_INTRO);
      expect(await htmlOf(baseURL, "/solar-inspections")).not.toContain(NEW_ANSWER);
    }
    await page.goto(`${b.baseURL}/solar-inspections`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText(question)).toHaveCount(0);
    await expect(page.getByText("from $1,250.00 per MWp")).toHaveCount(0);

    // The preview links show the drafts, to anyone holding them, on the other instance too.
    const homePreview = await json<{ url: string }>(await admin.post("/api/admin/pages/home/preview-link", { data: {} }), 201);
    await page.goto(`${b.baseURL}${new URL(homePreview.url).pathname}`);
    await expect(page.getByText("Preview — not published")).toBeVisible();
    await expect(page.getByText(NEW_INTRO)).toBeVisible();
    const solarPreview = await json<{ url: string }>(await admin.post("/api/admin/pages/solar-inspections/preview-link", { data: {} }), 201);
    await page.goto(`${b.baseURL}${new URL(solarPreview.url).pathname}`);
    await expect(page.getByText("from $1,250.00 per MWp")).toBeVisible();
    await expect(page.getByText(NEW_ANSWER)).toBeVisible();

    // Publish: both instances send the new words in the HTML of exactly the pages changed.
    const agricultureBefore = await htmlOf(a.baseURL, "/agricultural-services");
    await json(await admin.post("/api/admin/pages/home/publish", { data: {} }));
    await json(await admin.post("/api/admin/pages/solar-inspections/publish", { data: {} }));
    for (const { baseURL } of instances) {
      await expect.poll(() => htmlOf(baseURL, "/"), { timeout: 30_000 }).toContain(NEW_INTRO);
      await expect.poll(() => htmlOf(baseURL, "/solar-inspections"), { timeout: 30_000 }).toContain(NEW_ANSWER);
      const solarHtml = await htmlOf(baseURL, "/solar-inspections");
      expect(solarHtml).toContain("from $1,250.00 per MWp");
      expect(solarHtml).not.toContain(NEW_INTRO);
      expect(await htmlOf(baseURL, "/agricultural-services")).toBe(agricultureBefore.replaceAll(a.baseURL, baseURL));
    }
    await page.goto(`${b.baseURL}/`);
    await expect(page.getByText(NEW_INTRO)).toBeVisible();
    // Reached in the browser, the solar page reads its own published document.
    await page.getByRole("banner").getByRole("link", { name: "SOLAR" }).click();
    await expect(page.getByText(NEW_ANSWER)).toBeVisible();
    await expect(page.getByText("from $1,250.00 per MWp")).toBeVisible();

    // Restoring version 1 into the draft and publishing it brings the old intro back.
    const versions = await json<{ data: { version: number }[] }>(await admin.get("/api/admin/pages/home/versions"));
    expect(versions.data.map((entry) => entry.version)).toEqual([2, 1]);
    await json(await admin.post("/api/admin/pages/home/restore", { data: { version: 1 } }));
    await json(await admin.post("/api/admin/pages/home/publish", { data: {} }));
    for (const { baseURL } of instances) await expect.poll(() => htmlOf(baseURL, "/"), { timeout: 30_000 }).toContain(OLD_INTRO);
    expect(await htmlOf(b.baseURL, "/")).not.toContain(NEW_INTRO);
    await admin.dispose();
  });
});
