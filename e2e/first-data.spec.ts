// A screen's first API reads, named as preloads in its answer's Link header
// (docs/decisions/0039-first-data-preloads.md, `firstData` in common/routes.ts), are each fetched
// once: the page's own request takes the preloaded answer. A list that named a URL the screen does
// not ask for, or asked for differently (another query, no credentials), would show here as a
// second request or as one the page never made.
import { ROUTES, type RouteEntry } from "@common/routes";
import type { APIRequestContext, Page } from "@playwright/test";
import { readJob } from "./admin-jobs";
import { expect, registerCustomer, requestQuoteViaApi, test } from "./fixtures";

const firstData = (path: string, id?: number) =>
  ((ROUTES.find((route) => route.path === path) as RouteEntry | undefined)?.firstData ?? []).map((url) =>
    id === undefined ? url : url.replaceAll(":id", String(id)),
  );

/** Opens `address` and answers, per API URL (path and query), how many requests the network saw and how many fetches the page's code made. */
async function apiRequests(page: Page, address: string, heading: RegExp | string): Promise<{ network: Map<string, number>; fetched: Set<string> }> {
  const network = new Map<string, number>();
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/")) network.set(url.pathname + url.search, (network.get(url.pathname + url.search) ?? 0) + 1);
  });
  // Before the page's code: every fetch it makes, whether the network or a preload answers it.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { fetchedUrls: string[] }).fetchedUrls = seen;
    const original = window.fetch.bind(window);
    window.fetch = (input, init) => {
      const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url, location.href);
      seen.push(url.pathname + url.search);
      return original(input, init);
    };
  });
  const response = await page.goto(address);
  expect(response?.headers().link, `${address} names its first reads`).toContain("rel=preload; as=fetch");
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  await page.waitForLoadState("networkidle");
  const fetched = new Set(await page.evaluate(() => (window as unknown as { fetchedUrls: string[] }).fetchedUrls));
  return { network, fetched };
}

function expectEachUsedOnce(urls: string[], { network, fetched }: { network: Map<string, number>; fetched: Set<string> }) {
  expect(urls.length).toBeGreaterThan(0);
  for (const url of urls) {
    expect(fetched.has(url), `the page asks for ${url} (it asked for ${[...fetched].join(", ")})`).toBe(true);
    expect(network.get(url), `${url} went over the network once`).toBe(1);
  }
}

/** A new customer, signed in on `request`, with the job their quote request opened. */
async function customerWithJob(request: APIRequestContext): Promise<{ id: number; title: string }> {
  const customer = await registerCustomer(request);
  const quoteId = await requestQuoteViaApi(request, customer, {
    serviceType: "solar",
    description: "Preloaded reads of the north roof",
    budget: "",
    timeline: "",
  });
  const jobs = (await (await request.get("/api/jobs")).json()) as { data: { id: number; quoteId: number | null }[] };
  const id = jobs.data.find((job) => job.quoteId === quoteId)?.id;
  if (id === undefined) throw new Error(`no job for quote ${quoteId}`);
  return { id, title: (await readJob(request, id)).title };
}

test("a customer's dashboard and job page take their first reads from the preloads", async ({ page }) => {
  const job = await customerWithJob(page.request);
  expectEachUsedOnce(firstData("/dashboard"), await apiRequests(page, "/dashboard", "Customer Dashboard"));
  const jobPage = await page.context().newPage();
  expectEachUsedOnce(firstData("/dashboard/jobs/:id", job.id), await apiRequests(jobPage, `/dashboard/jobs/${job.id}`, job.title));
});

test("the back office and an admin's job page take their first reads from the preloads", async ({ browser, adminContext: context }) => {
  const customer = await browser.newContext();
  const job = await customerWithJob(customer.request);
  await customer.close();
  expectEachUsedOnce(firstData("/admin-dashboard"), await apiRequests(await context.newPage(), "/admin-dashboard", "Admin Dashboard"));
  expectEachUsedOnce(firstData("/admin-dashboard/jobs/:id", job.id), await apiRequests(await context.newPage(), `/admin-dashboard/jobs/${job.id}`, job.title));
});
