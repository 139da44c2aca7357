// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { SitePage } from "@common/contract/site-pages";
import { DEFAULT_HOME, DEFAULT_SERVICE_PAGES, newServicePageTemplate } from "@common/site-page-defaults";
import { type ServiceDocument, sitePageMessages } from "@common/site-pages";
import { answerRequests } from "@/testing/answer-fetch";
import { renderScreen } from "@/testing/render-screen";
import { PagesTab } from "./pages-tab";
import { MARKUP_HINT, printMarkup } from "./rich-text-markup";

const SOLAR = DEFAULT_SERVICE_PAGES["solar-inspections"]!;

const summary = (key: string, navLabel: string | null, overrides: object = {}) => ({
  key,
  route: key === "home" ? "/" : `/${key}`,
  kind: key === "home" ? "home" : "service",
  builtIn: true,
  navLabel,
  hidden: false,
  revision: 0,
  publishedVersion: null,
  unpublishedChanges: false,
  updatedAt: null,
  ...overrides,
});

const LIST = {
  status: 200,
  body: {
    success: true,
    data: [
      summary("home", null),
      summary("solar-inspections", "Solar Inspections", { revision: 3, publishedVersion: 2, unpublishedChanges: true, updatedAt: "2026-11-20T10:00:00.000Z" }),
    ],
  },
};

const solarPage = (overrides: Partial<SitePage> = {}): SitePage => ({
  key: "solar-inspections",
  route: "/solar-inspections",
  builtIn: true,
  draft: SOLAR,
  revision: 3,
  published: SOLAR,
  publishedVersion: 2,
  updatedAt: "2026-11-20T10:00:00.000Z",
  updatedBy: { id: 1, name: "Ada" },
  ...overrides,
});

const ok = (data: unknown, message = "Draft saved") => ({ status: 200, body: { success: true, message, data } });
const bare = (data: unknown) => ({ status: 200, body: data });

async function openSolar(answers: Parameters<typeof answerRequests>[0]) {
  const sent = answerRequests({ "GET /api/admin/pages": LIST, "GET /api/admin/pages/solar-inspections": bare(solarPage()), ...answers });
  const rendered = renderScreen(<PagesTab />);
  const table = await screen.findByRole("table", { name: "The site's pages" });
  await rendered.user.click(within(table).getByRole("button", { name: "Edit Solar Inspections" }));
  await screen.findByRole("form", { name: "Solar Inspections draft" });
  return { sent, ...rendered };
}

/** Text as user-event types it: "[" and "{" start its key names unless doubled. */
const literally = (text: string) => text.replaceAll("[", "[[").replaceAll("{", "{{");

const puts = (sent: ReturnType<typeof answerRequests>) => sent.filter((request) => request.method === "PUT");

describe("the back office's Pages tab", () => {
  it("lists every page with whether its draft differs from what is live and when it was saved", async () => {
    answerRequests({ "GET /api/admin/pages": LIST });
    renderScreen(<PagesTab />);
    const table = await screen.findByRole("table", { name: "The site's pages" });
    const [home, solar] = within(table).getAllByRole("row").slice(1);
    expect(home!.textContent).toContain("Home");
    expect(home!.textContent).toContain("Never published");
    expect(home!.textContent).toContain("Never saved");
    expect(solar!.textContent).toContain("Unpublished changes");
    expect(solar!.textContent).toContain("Version 2 live");
    expect(within(solar!).getByRole("button", { name: "Edit Solar Inspections" })).toBeTruthy();
  });

  it("saves the hero, a package's price and a new question with the loaded revision, keeping what the form does not show", async () => {
    const { sent, user } = await openSolar({ "PUT /api/admin/pages/solar-inspections/draft": ok(solarPage({ revision: 4 })) });
    const headline = screen.getByLabelText("Headline");
    await user.clear(headline);
    await user.type(headline, "Thermal inspections that find every hot spot");
    await user.selectOptions(screen.getByLabelText("Basic Inspection price"), "from");
    await user.type(screen.getByLabelText(/^Basic Inspection amount/), "1,250.50");
    await user.type(screen.getByLabelText("Basic Inspection unit"), "MWp");
    await user.click(screen.getByRole("button", { name: "Add a question" }));
    const count = SOLAR.faq.items.length + 1;
    await user.type(screen.getByLabelText(`Question ${count}`), "Do you fly at night?");
    await user.type(screen.getByLabelText(`Answer ${count}`), "No.{Enter}{Enter}We fly in daylight.");
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    await screen.findByText("Draft saved");

    const [put] = puts(sent);
    const { revision, document } = put!.body as { revision: number; document: ServiceDocument };
    expect(revision).toBe(3);
    expect(document.hero.headline).toBe("Thermal inspections that find every hot spot");
    expect(document.hero.intro).toEqual(SOLAR.hero.intro);
    expect(document.packages.items[0]).toEqual({ ...SOLAR.packages.items[0], price: { kind: "from", cents: 125_050, unit: "MWp" } });
    expect(document.faq.items.at(-1)).toEqual({
      question: "Do you fly at night?",
      answer: [
        { type: "paragraph", runs: [{ text: "No." }] },
        { type: "paragraph", runs: [{ text: "We fly in daylight." }] },
      ],
    });
    expect(document.overview).toEqual(SOLAR.overview);
    expect(document.card).toEqual(SOLAR.card);
  });

  it("checks the draft with the model before sending, and puts the server's refusals under their fields", async () => {
    const { sent, user } = await openSolar({
      "PUT /api/admin/pages/solar-inspections/draft": {
        status: 400,
        body: { message: "Check the page", errors: { "document.faq.items.0.question": "The question is refused" } },
      },
    });
    await user.clear(screen.getByLabelText("Headline"));
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    const headline = screen.getByLabelText("Headline");
    expect(headline.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(headline.getAttribute("aria-describedby")!)!.textContent).toBe(sitePageMessages.required("The headline"));
    expect(puts(sent)).toHaveLength(0);

    await user.type(headline, "A headline");
    await user.click(screen.getByRole("button", { name: "Add a question" }));
    await user.type(screen.getByLabelText("Question 1"), "Do you fly at night?");
    await user.type(screen.getByLabelText("Answer 1"), "No.");
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    const question = await vi.waitFor(() => {
      const field = screen.getByLabelText("Question 1");
      expect(field.getAttribute("aria-invalid")).toBe("true");
      return field;
    });
    expect(document.getElementById(question.getAttribute("aria-describedby")!)!.textContent).toBe("The question is refused");
  });

  it("edits a protocol step's text with a link, moves it, adds an equipment panel, hides the page and keeps the route's title as the placeholder", async () => {
    const { sent, user } = await openSolar({ "PUT /api/admin/pages/solar-inspections/draft": ok(solarPage({ revision: 4 })) });
    const index = screen.getByRole("navigation", { name: "Sections of the page" });
    await user.click(within(index).getByRole("button", { name: /^Protocol/ }));
    const protocol = document.getElementById("page-section-protocol") as HTMLDetailsElement;
    expect(protocol.open).toBe(true);
    const description = screen.getByLabelText("Step 2 description") as HTMLTextAreaElement;
    expect(description.value).toBe(printMarkup(SOLAR.protocol.steps[1]!.description));
    expect(document.getElementById(description.getAttribute("aria-describedby")!)!.textContent).toBe(MARKUP_HINT);
    await user.clear(description);
    await user.type(description, literally("Fly the *whole* array, see [the checklist](/solar-inspections#faq)."));
    await user.click(screen.getByRole("button", { name: "Move step 2 up" }));
    expect((screen.getByRole("button", { name: "Move step 1 up" }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(screen.getByRole("button", { name: "Add an equipment panel" }));
    await user.type(screen.getByLabelText("Equipment title"), "Our fleet");
    await user.type(screen.getByLabelText("Equipment panel title"), "Matrice 350 RTK");
    await user.type(screen.getByLabelText("Equipment button label"), "Book a flight");
    await user.click(screen.getByLabelText("Hidden from the site"));
    const title = screen.getByLabelText("Page title") as HTMLInputElement;
    expect(title.placeholder).toBe("Solar Panel Drone Inspections | SkyVantage");
    await user.type(title, "Solar inspections by Acme");
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    await screen.findByText("Draft saved");

    const { document: sentDocument } = puts(sent)[0]!.body as { document: ServiceDocument };
    expect(sentDocument.protocol.steps[0]).toEqual({
      ...SOLAR.protocol.steps[1],
      description: [
        {
          type: "paragraph",
          runs: [
            { text: "Fly the " },
            { text: "whole", emphasis: true },
            { text: " array, see " },
            { text: "the checklist", link: "/solar-inspections#faq" },
            { text: "." },
          ],
        },
      ],
    });
    expect(sentDocument.protocol.steps[1]).toEqual(SOLAR.protocol.steps[0]);
    expect(sentDocument.equipment).toMatchObject({
      label: "Equipment",
      title: "Our fleet",
      panelTitle: "Matrice 350 RTK",
      ctaLabel: "Book a flight",
      specs: [],
    });
    expect(sentDocument.hidden).toBe(true);
    expect(sentDocument.seo).toEqual({ title: "Solar inspections by Acme", description: "" });
    expect(sentDocument.overview).toEqual(SOLAR.overview);
  });

  it("shows a refused link under its rich text field, opening its closed section, and says why Add is disabled at the model's maximum", async () => {
    const full = { ...SOLAR, protocol: { ...SOLAR.protocol, steps: Array.from({ length: 8 }, () => SOLAR.protocol.steps[0]!) } };
    const { sent, user } = await openSolar({ "GET /api/admin/pages/solar-inspections": bare(solarPage({ draft: full })) });
    const add = screen.getByRole("button", { name: "Add a step" }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    expect(document.getElementById(add.getAttribute("aria-describedby")!)!.textContent).toBe("The page shows at most 8 steps: remove one to add another.");

    const card = screen.getByLabelText("Feature card 1 description");
    expect((document.getElementById("page-section-overview") as HTMLDetailsElement).open).toBe(false);
    await user.clear(card);
    await user.type(card, literally("Read [this](javascript:alert(1)) first"));
    (document.getElementById("page-section-overview") as HTMLDetailsElement).open = false;
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    expect(card.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(card.getAttribute("aria-describedby")!.split(" ").at(-1)!)!.textContent).toBe(sitePageMessages.href);
    expect((document.getElementById("page-section-overview") as HTMLDetailsElement).open).toBe(true);
    expect(document.activeElement).toBe(card);
    expect(puts(sent)).toHaveLength(0);
  });

  it("says when another admin saved in between and reloads their version only when asked", async () => {
    let loads = 0;
    const { user } = await openSolar({
      "GET /api/admin/pages/solar-inspections": () =>
        ++loads === 1 ? bare(solarPage()) : bare(solarPage({ revision: 5, draft: { ...SOLAR, hero: { ...SOLAR.hero, headline: "Their headline" } } })),
      "PUT /api/admin/pages/solar-inspections/draft": { status: 409, body: { message: sitePageMessages.staleRevision(3, 5), errors: { revision: "stale" } } },
    });
    const headline = screen.getByLabelText("Headline");
    await user.clear(headline);
    await user.type(headline, "My headline");
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    expect((await screen.findByText(sitePageMessages.staleRevision(3, 5))).closest("[role=alert]")).toBeTruthy();
    expect((screen.getByLabelText("Headline") as HTMLInputElement).value).toBe("My headline");

    await user.click(screen.getByRole("button", { name: "Reload their version" }));
    await vi.waitFor(() => expect((screen.getByLabelText("Headline") as HTMLInputElement).value).toBe("Their headline"));
    expect(screen.getByText(/Revision 5/)).toBeTruthy();
  });

  it("edits the home page's hero stats", async () => {
    const sent = answerRequests({
      "GET /api/admin/pages": LIST,
      "GET /api/admin/pages/home": bare({ ...solarPage(), key: "home", route: "/", draft: DEFAULT_HOME, published: DEFAULT_HOME, revision: 0 }),
      "PUT /api/admin/pages/home/draft": ok({ ...solarPage(), key: "home", route: "/", draft: DEFAULT_HOME, published: DEFAULT_HOME, revision: 1 }),
    });
    const { user } = renderScreen(<PagesTab />);
    await user.click(await screen.findByRole("button", { name: "Edit Home" }));
    await screen.findByRole("form", { name: "Home draft" });
    const stats = DEFAULT_HOME.hero.stats.length;
    await user.click(screen.getByRole("button", { name: `Remove stat ${stats}` }));
    await user.click(screen.getByRole("button", { name: "Add a stat" }));
    await user.type(screen.getByLabelText(`Stat ${stats} value`), "24/7");
    await user.type(screen.getByLabelText(`Stat ${stats} label`), "Support");
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    await screen.findByText("Draft saved");
    const body = puts(sent)[0]!.body as { revision: number; document: typeof DEFAULT_HOME };
    expect(body.revision).toBe(0);
    expect(body.document.hero.stats).toEqual([...DEFAULT_HOME.hero.stats.slice(0, -1), { value: "24/7", label: "Support" }]);
    expect(body.document.flightSystems).toEqual(DEFAULT_HOME.flightSystems);
  });

  it("edits the home page's Mission Profiles heading and flight systems, the route's title shown where the page's own is empty", async () => {
    const home = { ...solarPage(), key: "home", route: "/", draft: DEFAULT_HOME, published: DEFAULT_HOME, revision: 0 };
    const sent = answerRequests({
      "GET /api/admin/pages": LIST,
      "GET /api/admin/pages/home": bare(home),
      "PUT /api/admin/pages/home/draft": ok({ ...home, revision: 1 }),
    });
    const { user } = renderScreen(<PagesTab />);
    await user.click(await screen.findByRole("button", { name: "Edit Home" }));
    await screen.findByRole("form", { name: "Home draft" });
    expect((screen.getByLabelText("Page title") as HTMLInputElement).placeholder).toBe("SkyVantage | Precision Aerial Solutions");
    const intro = screen.getByLabelText("Mission Profiles intro");
    await user.clear(intro);
    await user.type(intro, "Three *specialised* programmes.");
    const systems = DEFAULT_HOME.flightSystems.items.length;
    expect((screen.getByRole("button", { name: `Move system ${systems} down` }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole("button", { name: "Move system 1 down" }));
    await user.selectOptions(screen.getByLabelText("System 1 icon"), "map");
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    await screen.findByText("Draft saved");

    const { document: sentHome } = puts(sent)[0]!.body as { document: typeof DEFAULT_HOME };
    expect(sentHome.missionProfiles.intro).toEqual([
      { type: "paragraph", runs: [{ text: "Three " }, { text: "specialised", emphasis: true }, { text: " programmes." }] },
    ]);
    const [first, second, ...rest] = DEFAULT_HOME.flightSystems.items;
    expect(sentHome.flightSystems.items).toEqual([{ ...second!, icon: "map" }, first, ...rest]);
    expect(sentHome.hero).toEqual(DEFAULT_HOME.hero);
    expect("seo" in sentHome).toBe(false);
  });

  it("publishes the saved draft, a 409 for an unchanged one shown as a note, and waits for unsaved changes to be saved", async () => {
    let publishes = 0;
    const { sent, user } = await openSolar({
      "POST /api/admin/pages/solar-inspections/publish": () =>
        ++publishes === 1
          ? ok(solarPage({ publishedVersion: 3 }), "Published as version 3")
          : { status: 409, body: { message: sitePageMessages.nothingToPublish } },
    });
    const publish = screen.getByRole("button", { name: "Publish" });
    await user.click(publish);
    await screen.findByText("Published as version 3");
    expect(sent.find((request) => request.method === "POST")!.body).toEqual({ revision: 3 });
    expect(screen.getByText(/Visitors see version 3/)).toBeTruthy();

    await user.click(publish);
    expect((await screen.findByText(sitePageMessages.nothingToPublish)).getAttribute("role")).toBe("status");

    await user.type(screen.getByLabelText("Headline"), " again");
    expect((screen.getByRole("button", { name: "Publish" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/Save the draft first/)).toBeTruthy();
  });

  it("lists the published versions with who and when, and restores one into the draft", async () => {
    const restored = { ...SOLAR, hero: { ...SOLAR.hero, headline: "The first headline" } };
    const { sent, user } = await openSolar({
      "GET /api/admin/pages/solar-inspections/versions": {
        status: 200,
        body: {
          success: true,
          data: [
            { version: 2, publishedAt: "2026-11-20T10:00:00.000Z", publishedBy: { id: 1, name: "Ada" }, live: true },
            { version: 1, publishedAt: "2026-11-10T10:00:00.000Z", publishedBy: null, live: false },
          ],
        },
      },
      "POST /api/admin/pages/solar-inspections/restore": ok(solarPage({ revision: 4, draft: restored }), "Version 1 restored into the draft"),
    });
    await user.click(screen.getByRole("button", { name: "History" }));
    const table = await screen.findByRole("table", { name: "Published versions, newest first" });
    const [latest, first] = within(table).getAllByRole("row").slice(1);
    expect(latest!.textContent).toContain("Ada");
    expect(latest!.textContent).toContain("Live");
    expect(first!.textContent).toContain("A removed account");

    await user.click(within(first!).getByRole("button", { name: "Restore version 1 into the draft" }));
    await screen.findByText("Version 1 restored into the draft");
    expect(sent.find((request) => request.url.endsWith("/restore"))!.body).toEqual({ version: 1, revision: 3 });
    expect((screen.getByLabelText("Headline") as HTMLInputElement).value).toBe("The first headline");
    expect(screen.getByText(/Revision 4/)).toBeTruthy();
  });

  it("makes a preview link, shown with its expiry and a Copy button", async () => {
    const url = "https://skyvantage.example/preview/solar-inspections.1765000000.abc";
    const { user } = await openSolar({
      "POST /api/admin/pages/solar-inspections/preview-link": { status: 201, body: { url, expiresAt: "2026-12-06T10:00:00.000Z" } },
    });
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    await user.click(screen.getByRole("button", { name: "Preview link" }));
    const field = (await screen.findByLabelText("Preview link", { selector: "input" })) as HTMLInputElement;
    expect(field.value).toBe(url);
    expect(document.getElementById(field.getAttribute("aria-describedby")!)!.textContent).toMatch(/until/);
    await user.click(screen.getByRole("button", { name: "Copy" }));
    expect(writeText).toHaveBeenCalledWith(url);
    await screen.findByText("Preview link copied");
  });

  it("adds a service page, its address checked before sending and a taken one refused under its field, then opens it", async () => {
    const roof = { ...solarPage(), key: "roof-inspections", route: "/roof-inspections", builtIn: false, draft: newServicePageTemplate("Roofs"), revision: 0 };
    let adds = 0;
    const sent = answerRequests({
      "GET /api/admin/pages": LIST,
      "POST /api/admin/pages": () =>
        ++adds === 1
          ? { status: 409, body: { message: sitePageMessages.slugTaken("roof-inspections"), errors: { slug: sitePageMessages.slugTaken("roof-inspections") } } }
          : { status: 201, body: { success: true, message: "Page added", data: roof } },
      "GET /api/admin/pages/roof-inspections": bare(roof),
    });
    const { user } = renderScreen(<PagesTab />);
    await user.click(await screen.findByRole("button", { name: "Add a service page" }));
    const slug = screen.getByLabelText("Address");
    await user.type(slug, "Roof Inspections");
    await user.type(screen.getByLabelText("Navigation label"), "Roofs");
    await user.click(screen.getByRole("button", { name: "Add page" }));
    const described = () => document.getElementById(slug.getAttribute("aria-describedby")!.split(" ").at(-1)!)!.textContent;
    expect(described()).toBe(sitePageMessages.slug);
    expect(sent.filter((request) => request.method === "POST")).toHaveLength(0);

    await user.clear(slug);
    await user.type(slug, "roof-inspections");
    await user.click(screen.getByRole("button", { name: "Add page" }));
    await vi.waitFor(() => expect(described()).toBe(sitePageMessages.slugTaken("roof-inspections")));

    await user.click(screen.getByRole("button", { name: "Add page" }));
    await screen.findByRole("form", { name: "Roofs draft" });
    expect(sent.filter((request) => request.method === "POST").at(-1)!.body).toEqual({ slug: "roof-inspections", navLabel: "Roofs" });
  });
});
