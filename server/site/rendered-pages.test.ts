import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUBLISHED_PAGES_ELEMENT_ID } from "@common/published-pages";
import { APP_ROUTES } from "@common/routes";
import { SITE_DEFAULTS, type SiteConfig } from "@common/site";
import { DEFAULT_HOME, DEFAULT_SERVICE_PAGES } from "@common/site-page-defaults";
import type { PageDocument } from "@common/site-pages";
import { addServicePage, publishPage, saveDraft, sitePage } from "../site-pages/pages";
import { ORIGIN_MARKER, writeBuiltPages } from "../testing/built-pages";
import { createAdmin, type TestUser } from "../testing/factories";
import { createTestApp, type TestApp } from "../testing/test-app";
import { PageRenderer } from "./page-renderer";
import { type RenderStalePages, renderStalePagesWith, type SiteNow } from "./render-pages";
import { registerClient } from "./serve-client";
import { registerSecurityHeaders } from "../http/security-headers";

const built: SiteConfig = { ...SITE_DEFAULTS, businessPhone: "+1 555 0100", businessEmail: "ops@example.com", demoVideoUrl: "", devOutbox: false };

/**
 * The SSR bundle the build leaves in dist/ssr, reduced to what these tests read: each page shows the
 * phone it is rendered with and the first words of the documents it carries, or "not found" for a hidden page.
 */
const SSR_ENTRY = `export async function renderRoutes({ template, site, origin }, routes) {
  const words = (document) => document.hero.intro[0]?.runs[0]?.text ?? "";
  return Object.fromEntries(routes.map(({ route, status, pages }) => {
    const carried = pages ? Object.values(pages.documents).map((document) => '<p>' + words(document) + '</p>').join('') : '';
    const nav = pages ? pages.services.map(({ head }) => head.navLabel).join(' ') : 'SOLAR AGRICULTURE PHOTOGRAPHY';
    const body = status === 404 ? 'not found' : '<a href="' + origin + route + '">' + site.businessPhone + '</a>' + carried;
    return [route, template.replace('<div id="root"></div>', '<div id="root"><nav>' + nav + '</nav>' + body + '</div>')];
  }));
}`;

const withIntro = <T extends PageDocument>(document: T, text: string): T => ({
  ...document,
  hero: { ...document.hero, intro: [{ type: "paragraph", runs: [{ text }] }] },
});

describe("pages rendered at publish, served by every instance", () => {
  let distDir: string;
  let store: TestApp;
  let admin: TestUser;
  let renderer: PageRenderer;
  let settings: SiteNow;
  let renderStale: RenderStalePages;
  /** Two instances of one site: each serves from the same database. */
  let instances: FastifyInstance[];

  const publish = async (key: string, document: PageDocument) => {
    const { revision } = await sitePage(store.database.db, key);
    await saveDraft(store.database.db, admin.user.id, key, { revision, document });
    await publishPage(store.database.db, admin.user.id, key, undefined);
  };
  const html = async (instance: FastifyInstance, url: string) => {
    const res = await instance.inject({ url, headers: { "accept-encoding": "identity" } });
    return { status: res.statusCode, body: res.body, etag: res.headers.etag, policy: String(res.headers["content-security-policy"]) };
  };

  beforeAll(async () => {
    distDir = mkdtempSync(path.join(os.tmpdir(), "skyvantage-rendered-"));
    writeBuiltPages(distDir, built);
    mkdirSync(path.join(distDir, "ssr"));
    writeFileSync(path.join(distDir, "ssr", "entry.js"), SSR_ENTRY);
    store = await createTestApp();
    admin = await createAdmin(store);
    renderer = PageRenderer.load(path.join(distDir, "client"));
    settings = { site: built, settingsVersion: 0 };
    renderStale = renderStalePagesWith(store.database.db, renderer, async () => settings);
    instances = [];
    for (let index = 0; index < 2; index++) {
      const instance = Fastify();
      const headers = await registerSecurityHeaders(instance, { production: false, stripe: false });
      await registerClient(instance, {
        clientDir: path.join(distDir, "client"),
        renderer,
        renderStale,
        db: store.database.db,
        publicUrl: "https://drones.example",
        pagePolicy: headers.pagePolicy,
      });
      instances.push(instance);
    }
  });
  afterAll(async () => {
    for (const instance of instances ?? []) await instance.close();
    await store?.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  it("serves the build's pages while the settings are the build's and nothing was published: nothing to render", async () => {
    expect(await renderStale()).toEqual({ rendered: [], removed: [] });
    const home = await html(instances[0]!, "/");
    expect(home.body).toContain("<h1>/</h1>");
    expect(home.body).not.toContain(ORIGIN_MARKER);
    expect(home.body).not.toContain(PUBLISHED_PAGES_ELEMENT_ID);
  });

  it("renders every page again after a settings save, and both instances serve them, letting in the base map's tiles the settings name", async () => {
    settings = { site: { ...built, businessPhone: "+49 30 901820", mapTileUrl: "https://{s}.tiles.prairie.example/{z}/{x}/{y}.png" }, settingsVersion: 1 };
    const before = await html(instances[1]!, "/photography-filming");
    expect(before.policy).toContain("img-src 'self' data: blob:;");
    const { rendered } = await renderStale();
    expect(rendered.sort()).toEqual([...APP_ROUTES, "404"].sort());
    for (const instance of instances) {
      const after = await html(instance, "/photography-filming");
      expect(after.body).toContain('<a href="https://drones.example/photography-filming">+49 30 901820</a>');
      expect(after.etag).not.toBe(before.etag);
      expect(after.policy).toContain("img-src 'self' data: blob: https://*.tiles.prairie.example;");
    }
  });

  it("after a first publish, renders again only the page a later publish changed; the others keep their bytes", async () => {
    await publish("home", withIntro(DEFAULT_HOME, "Thermal surveys for every array."));
    // The first publish of the site gives every page the service pages it carries from then on.
    expect((await renderStale()).rendered).toContain("/");
    const solarBefore = await html(instances[0]!, "/solar-inspections");
    const agricultureBefore = await html(instances[0]!, "/agricultural-services");
    const homeBefore = await html(instances[0]!, "/");
    expect(homeBefore.body).toContain("<p>Thermal surveys for every array.</p>");
    // A service page carries its own document, never the home page's.
    expect(solarBefore.body).not.toContain("Thermal surveys for every array.");

    await publish("solar-inspections", withIntro(DEFAULT_SERVICE_PAGES["solar-inspections"]!, "From $1,250 per MWp."));
    expect(await renderStale()).toEqual({ rendered: ["/solar-inspections"], removed: [] });
    for (const instance of instances) {
      expect((await html(instance, "/solar-inspections")).body).toContain("<p>From $1,250 per MWp.</p>");
      expect((await html(instance, "/agricultural-services")).etag).toBe(agricultureBefore.etag);
      expect((await html(instance, "/")).etag).toBe(homeBefore.etag);
    }
    // Nothing changed since: a second run renders nothing.
    expect(await renderStale()).toEqual({ rendered: [], removed: [] });
  });

  it("a run that read older settings than a stored page was made from writes nothing over it", async () => {
    // It read the settings before the save, and the pages after the later publishes.
    const stale = renderStalePagesWith(store.database.db, renderer, async () => ({ site: built, settingsVersion: 0 }));
    await stale();
    expect((await html(instances[0]!, "/gallery")).body).toContain("+49 30 901820");
  });

  it("a hidden service page answers 404 and leaves every page's navigation; a page the business adds is served at its address once published", async () => {
    await publish("agricultural-services", { ...DEFAULT_SERVICE_PAGES["agricultural-services"]!, hidden: true });
    await renderStale();
    const hidden = await html(instances[1]!, "/agricultural-services");
    expect(hidden.status).toBe(404);
    expect(hidden.body).toContain("not found");
    expect((await html(instances[1]!, "/")).body).toContain("<nav>SOLAR MEDIA</nav>");

    await addServicePage(store.database.db, admin.user.id, { slug: "roof-inspections", navLabel: "ROOFS" });
    expect((await html(instances[0]!, "/roof-inspections")).status).toBe(404);
    const { revision, draft } = await sitePage(store.database.db, "roof-inspections");
    await saveDraft(store.database.db, admin.user.id, "roof-inspections", { revision, document: withIntro(draft, "Roofs surveyed without ladders.") });
    await publishPage(store.database.db, admin.user.id, "roof-inspections", undefined);
    await renderStale();
    for (const instance of instances) {
      const added = await html(instance, "/roof-inspections");
      expect(added.status).toBe(200);
      expect(added.body).toContain("<p>Roofs surveyed without ladders.</p>");
      expect(added.body).toContain("<nav>SOLAR MEDIA ROOFS</nav>");
    }

    // Hidden again: its rendered page goes, and its address is not found on every instance.
    const { revision: next, draft: roof } = await sitePage(store.database.db, "roof-inspections");
    await saveDraft(store.database.db, admin.user.id, "roof-inspections", { revision: next, document: { ...roof, hidden: true } });
    await publishPage(store.database.db, admin.user.id, "roof-inspections", undefined);
    expect((await renderStale()).removed).toEqual(["/roof-inspections"]);
    for (const instance of instances) expect((await html(instance, "/roof-inspections")).status).toBe(404);
  });
});
