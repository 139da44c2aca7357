// @vitest-environment happy-dom
import { act, cleanup, render, screen as rendered } from "@testing-library/react";
import { Suspense, useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { screen } from "./screen";

afterEach(cleanup);

/** A page whose chunk arrives when the test says so, and how often it was asked for. */
function deferredPage(Page: () => React.ReactElement) {
  let arrive: () => void = () => undefined;
  let loads = 0;
  const load = () => {
    loads += 1;
    return new Promise<{ default: () => React.ReactElement }>((resolve) => {
      arrive = () => resolve({ default: Page });
    });
  };
  return { load, arrive: () => act(async () => arrive()), loads: () => loads };
}

function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {`Clicked ${count}`}
    </button>
  );
}

const inSuspense = (Page: React.ComponentType) => (
  <Suspense fallback={<p>Loading…</p>}>
    <Page />
  </Suspense>
);

describe("a page in its own chunk", () => {
  it("renders at once, never showing the fallback, when its chunk was preloaded", async () => {
    const page = deferredPage(() => <h1>Job 12</h1>);
    const Page = screen(page.load);
    const preloaded = Page.preload("/dashboard/jobs/12");
    await page.arrive();
    await preloaded;
    render(inSuspense(Page));
    // Synchronously, in the first commit: no fallback and no wait for React's reveal throttle.
    expect(rendered.getByRole("heading", { name: "Job 12" })).toBeTruthy();
    expect(rendered.queryByText("Loading…")).toBeNull();
  });

  it("shows the fallback until its chunk arrives when it was not preloaded", async () => {
    const page = deferredPage(() => <h1>Job 12</h1>);
    const Page = screen(page.load);
    render(inSuspense(Page));
    expect(rendered.getByText("Loading…")).toBeTruthy();
    await page.arrive();
    expect(await rendered.findByRole("heading", { name: "Job 12" })).toBeTruthy();
  });

  it("keeps its state when a preload finishes after it mounted", async () => {
    const page = deferredPage(Counter);
    const Page = screen(page.load);
    const { rerender } = render(inSuspense(Page));
    await page.arrive();
    const button = await rendered.findByRole("button", { name: "Clicked 0" });
    await act(async () => button.click());
    const preloaded = Page.preload("/dashboard/jobs/12");
    await page.arrive();
    await preloaded;
    rerender(inSuspense(Page));
    expect(rendered.getByRole("button", { name: "Clicked 1" })).toBeTruthy();
    expect(page.loads()).toBe(2);
  });

  it("starts what its module prepares for the address as it is preloaded, before anything renders", async () => {
    const prepared: string[] = [];
    const Page = screen(async () => ({ default: () => <h1>Job 12</h1>, prepare: (pathname: string) => void prepared.push(pathname) }));
    await Page.preload("/dashboard/jobs/12");
    expect(prepared).toEqual(["/dashboard/jobs/12"]);
    // A module that prepares nothing is only loaded.
    await expect(screen(async () => ({ default: () => <h1>Home</h1> })).preload("/")).resolves.toBeUndefined();
  });
});
