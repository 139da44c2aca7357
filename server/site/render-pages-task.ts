import { defineTask } from "../queue/define-task";
import type { RenderStalePages } from "./render-pages";

/**
 * Renders the pages a publish or a settings save changed (docs/decisions/0064-pages-rendered-at-publish.md).
 * Sent after each of them commits, with no data: each run renders whatever is stale then, so runs
 * that pile up find nothing left to do. One at a time per process.
 */
export const renderPagesTask = defineTask<Record<string, never>, { renderPages: RenderStalePages | null }>({
  name: "site.render-pages",
  concurrency: 1,
  // Short: a render that fails (a bad build) is tried again soon, and the next publish sends another.
  options: { retryLimit: 5, retryDelay: 5, retryBackoff: true },
  work: async (_data, { renderPages }) => {
    // Without a built client (API tests, `npm run dev`) there are no prerendered pages to render.
    if (!renderPages) return { rendered: 0, removed: 0, routes: "" };
    const { rendered, removed } = await renderPages();
    return { rendered: rendered.length, removed: removed.length, routes: rendered.join(" ") };
  },
});
