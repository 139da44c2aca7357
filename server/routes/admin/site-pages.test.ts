import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { SitePage } from "@common/contract/site-pages";
import { DEFAULT_HOME, DEFAULT_SERVICE_PAGES } from "@common/site-page-defaults";
import { type HomeDocument, PREVIEW_LINK_DAYS, type ServiceDocument, sitePageMessages } from "@common/site-pages";
import { sitePages, sitePageVersions } from "../../db/schema";
import { previewSigner } from "../../site-pages/preview-token";
import { appWithUsersForTests, type TestUser } from "../../testing/factories";
import type { TestApp } from "../../testing/test-app";

const SECRET = randomBytes(32);
const PUBLIC_URL = "https://pages.example.com";

let t: TestApp, admin: TestUser, customer: TestUser, otherCustomer: TestUser, pilot: TestUser, secondAdmin: TestUser;
appWithUsersForTests(["admin", "customer", "customer", "pilot", "admin"], { SETTINGS_SECRET_KEY: SECRET.toString("base64"), PUBLIC_URL }, (made) => {
  t = made.t;
  [admin, customer, otherCustomer, pilot, secondAdmin] = made.users;
});

type Call = { method: "GET" | "POST" | "PUT"; url: string; payload?: object };
const call = ({ method, url, payload }: Call, user?: TestUser) =>
  t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: user ? { cookie: user.cookie } : {} });

const getPage = async (key: string, user: TestUser = admin): Promise<SitePage> => {
  const res = await call({ method: "GET", url: `/api/admin/pages/${key}` }, user);
  expect(res.statusCode).toBe(200);
  return res.json();
};
const putDraft = (key: string, revision: number, document: object, user: TestUser = admin) =>
  call({ method: "PUT", url: `/api/admin/pages/${key}/draft`, payload: { revision, document } }, user);
const publish = (key: string, payload: object = {}, user: TestUser = admin) => call({ method: "POST", url: `/api/admin/pages/${key}/publish`, payload }, user);
const publicDocument = async (key: string) => (await call({ method: "GET", url: `/api/pages/${key}` })).json().document;

/** A copy of a document to change. */
const copy = <T>(document: T): T => structuredClone(document);

describe("who may call the page endpoints", () => {
  const ADMIN_CALLS: Call[] = [
    { method: "GET", url: "/api/admin/pages" },
    { method: "POST", url: "/api/admin/pages", payload: { slug: "matrix-page", navLabel: "MATRIX" } },
    { method: "GET", url: "/api/admin/pages/home" },
    { method: "PUT", url: "/api/admin/pages/agricultural-services/draft", payload: { revision: 0, document: DEFAULT_SERVICE_PAGES["agricultural-services"] } },
    { method: "POST", url: "/api/admin/pages/agricultural-services/publish", payload: {} },
    { method: "GET", url: "/api/admin/pages/home/versions" },
    { method: "POST", url: "/api/admin/pages/home/restore", payload: { version: 1 } },
    { method: "POST", url: "/api/admin/pages/home/preview-link" },
  ];

  it.each(ADMIN_CALLS)("$method $url: 401 visitor, 403 customer, another customer and pilot; an admin gets through", async (c) => {
    expect((await call(c)).statusCode).toBe(401);
    expect((await call(c, customer)).statusCode).toBe(403);
    expect((await call(c, otherCustomer)).statusCode).toBe(403);
    expect((await call(c, pilot)).statusCode).toBe(403);
    expect([200, 201, 404, 409]).toContain((await call(c, admin)).statusCode);
  });

  it("lets anyone read the published pages and the list of service pages", async () => {
    for (const user of [undefined, customer, otherCustomer, pilot, admin]) {
      expect((await call({ method: "GET", url: "/api/pages/home" }, user)).statusCode).toBe(200);
      expect((await call({ method: "GET", url: "/api/pages" }, user)).statusCode).toBe(200);
    }
  });
});

describe("a page never saved", () => {
  it("has SPEC's words as its draft and as what visitors see", async () => {
    const page = await getPage("solar-inspections");
    expect(page).toMatchObject({ key: "solar-inspections", route: "/solar-inspections", builtIn: true, revision: 0, publishedVersion: null, updatedAt: null });
    expect(page.draft).toEqual(DEFAULT_SERVICE_PAGES["solar-inspections"]);
    expect(page.published).toEqual(DEFAULT_SERVICE_PAGES["solar-inspections"]);
    expect(await publicDocument("photography-filming")).toEqual(DEFAULT_SERVICE_PAGES["photography-filming"]);
  });

  it("answers 404 naming an unknown key, to admins and visitors", async () => {
    const res = await call({ method: "GET", url: "/api/admin/pages/roof-inspections" }, admin);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(sitePageMessages.notFound("roof-inspections"));
    expect((await putDraft("roof-inspections", 0, DEFAULT_HOME)).statusCode).toBe(404);
    expect((await call({ method: "GET", url: "/api/pages/roof-inspections" })).statusCode).toBe(404);
    expect((await call({ method: "GET", url: "/api/admin/pages/roof-inspections/versions" }, admin)).statusCode).toBe(404);
  });
});

describe("drafts, publishing and history of the home page", () => {
  it("keeps a draft from visitors, publishes it as version 1 with who and when, and restores an older version", async () => {
    const before = await getPage("home");
    const edited = copy(before.draft as HomeDocument);
    edited.hero.headline = "SKY INTELLIGENCE";
    edited.hero.intro = [
      { type: "paragraph", runs: [{ text: "Read our " }, { text: "solar page", link: "/solar-inspections" }, { text: " now", emphasis: true }] },
    ];
    const saved = await putDraft("home", before.revision, edited);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ success: true, message: "Draft saved", data: { revision: before.revision + 1, updatedBy: { id: admin.user.id } } });
    expect(saved.json().data.draft.hero.headline).toBe("SKY INTELLIGENCE");
    // Visitors still see SPEC's headline.
    expect((await publicDocument("home")).hero.headline).toBe("DRONE INTELLIGENCE");

    const listed = (await call({ method: "GET", url: "/api/admin/pages" }, admin)).json().data;
    expect(listed.slice(0, 4).map((page: { key: string }) => page.key)).toEqual(["home", "solar-inspections", "agricultural-services", "photography-filming"]);
    expect(listed[0]).toMatchObject({ key: "home", kind: "home", unpublishedChanges: true, publishedVersion: null });

    const published = await publish("home", { revision: before.revision + 1 });
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({ message: "Published as version 1", data: { publishedVersion: 1 } });
    expect((await publicDocument("home")).hero.headline).toBe("SKY INTELLIGENCE");
    const publicAnswer = await call({ method: "GET", url: "/api/pages/home" });
    expect(publicAnswer.json().version).toBe(1);
    expect(publicAnswer.headers["cache-control"]).toBe("no-cache");

    // Publishing the same again is refused, so each version is a change.
    const again = await publish("home");
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(sitePageMessages.nothingToPublish);

    const second = copy(edited);
    second.hero.stats = [{ value: "12", label: "Pilots" }];
    expect((await putDraft("home", before.revision + 1, second, secondAdmin)).statusCode).toBe(200);
    expect((await publish("home", {}, secondAdmin)).statusCode).toBe(200);

    const versions = await call({ method: "GET", url: "/api/admin/pages/home/versions" }, admin);
    expect(versions.statusCode).toBe(200);
    const rows = versions.json().data;
    expect(rows.map((row: { version: number; live: boolean; publishedBy: { id: number } }) => [row.version, row.live, row.publishedBy.id])).toEqual([
      [2, true, secondAdmin.user.id],
      [1, false, admin.user.id],
    ]);
    expect(Date.parse(rows[0].publishedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(rows[0].publishedBy.name).toBeTruthy();

    // Restore puts version 1 into the draft; visitors keep version 2 until it is published.
    const current = await getPage("home");
    const restored = await call({ method: "POST", url: "/api/admin/pages/home/restore", payload: { version: 1, revision: current.revision } }, admin);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().data).toMatchObject({ revision: current.revision + 1, publishedVersion: 2 });
    expect(restored.json().data.draft.hero.stats).toEqual(DEFAULT_HOME.hero.stats);
    expect((await publicDocument("home")).hero.stats).toEqual([{ value: "12", label: "Pilots" }]);
    expect((await publish("home")).json().message).toBe("Published as version 3");
    expect((await publicDocument("home")).hero.stats).toEqual(DEFAULT_HOME.hero.stats);

    const missing = await call({ method: "POST", url: "/api/admin/pages/home/restore", payload: { version: 99 } }, admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors).toEqual({ version: sitePageMessages.versionNotFound(99) });
  });

  it("answers 409 to a save from a revision another admin has moved on, and keeps that admin's words", async () => {
    const opened = await getPage("agricultural-services");
    const mine = copy(opened.draft as ServiceDocument);
    mine.hero.headline = "Fields, mapped";
    const theirs = copy(opened.draft as ServiceDocument);
    theirs.hero.headline = "Crops, measured";
    expect((await putDraft("agricultural-services", opened.revision, theirs, secondAdmin)).statusCode).toBe(200);

    const stale = await putDraft("agricultural-services", opened.revision, mine);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      message: sitePageMessages.staleRevision(opened.revision, opened.revision + 1),
      errors: { revision: sitePageMessages.staleRevision(opened.revision, opened.revision + 1) },
    });
    expect((await getPage("agricultural-services")).draft).toMatchObject({ hero: { headline: "Crops, measured" } });
    // Nor is a draft changed since the admin reviewed it published unseen.
    expect((await publish("agricultural-services", { revision: opened.revision })).statusCode).toBe(409);
  });
});

describe("a draft that does not fit the page's model", () => {
  const refused = async (key: string, change: (document: ServiceDocument) => void, field: string, message?: string) => {
    const before = await getPage(key);
    const document = copy(before.draft as ServiceDocument);
    change(document);
    const res = await putDraft(key, before.revision, document);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toContain(field);
    if (message) expect(res.json().errors[field]).toBe(message);
    const after = await getPage(key);
    expect({ revision: after.revision, draft: after.draft }).toEqual({ revision: before.revision, draft: before.draft });
  };

  it("refuses a missing headline with 400 naming it, and saves nothing", async () => {
    await refused(
      "solar-inspections",
      (document) => delete (document.hero as Partial<ServiceDocument["hero"]>).headline,
      "document.hero.headline",
      "The headline is required",
    );
    await refused("solar-inspections", (document) => (document.hero.headline = "   "), "document.hero.headline", "The headline is required");
    const home = await getPage("home");
    const res = await putDraft("home", home.revision, { ...home.draft, hero: { ...(home.draft as HomeDocument).hero, headline: undefined } });
    expect(res.json().errors).toEqual({ "document.hero.headline": "The headline is required" });
  });

  it("refuses a price that is not money", async () => {
    for (const cents of [12.5, "4500", -1, 100_000_000]) {
      await refused(
        "solar-inspections",
        (document) => (document.packages.items[0]!.price = { kind: "from", cents: cents as number, unit: "MWp" }),
        "document.packages.items.0.price.cents",
        sitePageMessages.priceCents,
      );
    }
    await refused("solar-inspections", (document) => (document.packages.items[1]!.price = { kind: "maybe" } as never), "document.packages.items.1.price.kind");
  });

  it("refuses a link to javascript: or another site without a protocol", async () => {
    for (const link of ["javascript:alert(1)", " JavaScript:alert(1)", "data:text/html,<b>x</b>", "//evil.example/"]) {
      await refused(
        "photography-filming",
        (document) => (document.hero.intro = [{ type: "paragraph", runs: [{ text: "Click", link }] }]),
        "document.hero.intro.0.runs.0.link",
        sitePageMessages.href,
      );
    }
  });

  it("stores markup and script in text as the text it is", async () => {
    const before = await getPage("photography-filming");
    const document = copy(before.draft as ServiceDocument);
    const script = '<script>alert("x")</script><b>bold</b>';
    document.overview.items[0]!.title = script;
    document.faq.items = [{ question: "Is <i>this</i> safe?", answer: [{ type: "list", ordered: false, items: [[{ text: script }]] }] }];
    const res = await putDraft("photography-filming", before.revision, document);
    expect(res.statusCode).toBe(200);
    const stored = (await getPage("photography-filming")).draft as ServiceDocument;
    expect(stored.overview.items[0]!.title).toBe(script);
    expect(stored.faq.items[0]!.answer).toEqual([{ type: "list", ordered: false, items: [[{ text: script }]] }]);
  });
});

describe("a restored version the model can no longer read", () => {
  it("is refused with the reason, and the draft stays", async () => {
    const key = "solar-inspections";
    const before = await getPage(key);
    const { db } = t.database;
    await db.insert(sitePages).values({ key, draft: before.draft }).onConflictDoNothing();
    await db.insert(sitePageVersions).values([
      { key, version: 40, document: { schemaVersion: 0, title: "Old format" } },
      { key, version: 41, document: { ...before.draft, hero: { eyebrow: "", intro: [] } } },
    ]);
    const old = await call({ method: "POST", url: `/api/admin/pages/${key}/restore`, payload: { version: 40 } }, admin);
    expect(old.statusCode).toBe(409);
    expect(old.json().message).toBe(sitePageMessages.versionUnreadable(40, 0));
    const broken = await call({ method: "POST", url: `/api/admin/pages/${key}/restore`, payload: { version: 41 } }, admin);
    expect(broken.statusCode).toBe(409);
    expect(broken.json().message).toBe(sitePageMessages.versionNoLongerFits(41, "hero.headline", "The headline is required"));
    expect((await getPage(key)).draft).toEqual(before.draft);
  });
});

describe("service pages the business adds", () => {
  it("adds one with an empty but valid draft, on the site only once published, and hides it", async () => {
    const res = await call({ method: "POST", url: "/api/admin/pages", payload: { slug: "roof-inspections", navLabel: "ROOFS" } }, admin);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: "Page added",
      data: { key: "roof-inspections", route: "/roof-inspections", builtIn: false, published: null, publishedVersion: null },
    });
    const draft = res.json().data.draft as ServiceDocument;
    expect(draft).toMatchObject({ navLabel: "ROOFS", hidden: false, hero: { headline: "ROOFS" } });
    expect((await call({ method: "GET", url: "/api/pages/roof-inspections" })).statusCode).toBe(404);
    expect((await call({ method: "GET", url: "/api/pages" })).json().services.map((page: { key: string }) => page.key)).not.toContain("roof-inspections");

    const versionBefore = (await call({ method: "GET", url: "/api/pages" })).json().version;
    expect((await publish("roof-inspections")).json().message).toBe("Published as version 1");
    const pages = (await call({ method: "GET", url: "/api/pages" })).json();
    expect(pages.version).toBe(versionBefore + 1);
    expect(pages.services.at(-1)).toEqual({ key: "roof-inspections", route: "/roof-inspections", navLabel: "ROOFS" });
    expect((await publicDocument("roof-inspections")).navLabel).toBe("ROOFS");

    const page = await getPage("roof-inspections");
    expect((await putDraft("roof-inspections", page.revision, { ...page.draft, hidden: true })).statusCode).toBe(200);
    expect((await publish("roof-inspections")).statusCode).toBe(200);
    expect((await call({ method: "GET", url: "/api/pages/roof-inspections" })).statusCode).toBe(404);
    expect((await call({ method: "GET", url: "/api/pages" })).json().services.map((entry: { key: string }) => entry.key)).not.toContain("roof-inspections");
  });

  it("refuses an address another page or route holds with 409 naming the slug, and a malformed one with 400", async () => {
    for (const slug of ["roof-inspections", "solar-inspections", "login", "admin-dashboard", "api", "preview", "home"]) {
      const res = await call({ method: "POST", url: "/api/admin/pages", payload: { slug, navLabel: "X" } }, admin);
      expect({ slug, status: res.statusCode, errors: res.json().errors }).toEqual({ slug, status: 409, errors: { slug: sitePageMessages.slugTaken(slug) } });
    }
    for (const slug of ["Roof", "roof--x", "-roof", "r", "roof/x", "a".repeat(41)]) {
      const res = await call({ method: "POST", url: "/api/admin/pages", payload: { slug, navLabel: "X" } }, admin);
      expect({ slug, status: res.statusCode, errors: res.json().errors }).toEqual({ slug, status: 400, errors: { slug: sitePageMessages.slug } });
    }
  });
});

describe("preview links", () => {
  const signer = previewSigner(SECRET);

  it("shows the current draft to anyone holding the link until it expires", async () => {
    const page = await getPage("agricultural-services");
    const draft = copy(page.draft as ServiceDocument);
    draft.hero.headline = "Preview me";
    expect((await putDraft("agricultural-services", page.revision, draft)).statusCode).toBe(200);

    const res = await call({ method: "POST", url: "/api/admin/pages/agricultural-services/preview-link" }, admin);
    expect(res.statusCode).toBe(201);
    const { url, expiresAt } = res.json();
    expect(url).toMatch(new RegExp(`^${PUBLIC_URL}/preview/agricultural-services\\.[a-z0-9]+\\.[\\w-]{22}$`));
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan((PREVIEW_LINK_DAYS - 1) * 86_400_000);

    const token = url.split("/preview/")[1];
    const preview = await call({ method: "GET", url: `/api/pages/preview/${token}` });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers["cache-control"]).toBe("no-store");
    expect(preview.json()).toMatchObject({ key: "agricultural-services", route: "/agricultural-services", document: { hero: { headline: "Preview me" } } });
    expect((await publicDocument("agricultural-services")).hero.headline).not.toBe("Preview me");
  });

  it("answers 410 once expired, 404 when altered or not this site's", async () => {
    const expired = signer.sign("home", new Date(Date.now() - (PREVIEW_LINK_DAYS + 1) * 86_400_000));
    const late = await call({ method: "GET", url: `/api/pages/preview/${expired.token}` });
    expect(late.statusCode).toBe(410);
    expect(late.json().message).toBe(sitePageMessages.previewExpired(expired.expiresAt));

    const { token } = signer.sign("home");
    const [, expiry, signature] = token.split(".");
    const foreign = previewSigner(randomBytes(32)).sign("home").token;
    const later = (parseInt(expiry!, 36) + 86_400).toString(36);
    for (const bad of [`solar-inspections.${expiry}.${signature}`, `home.${later}.${signature}`, `${token}x`, foreign, "nonsense", "a.b.c", "HOME.b.c"]) {
      const res = await call({ method: "GET", url: `/api/pages/preview/${bad}` });
      expect({ bad, status: res.statusCode, message: res.json().message }).toEqual({ bad, status: 404, message: sitePageMessages.previewInvalid });
    }
  });
});
