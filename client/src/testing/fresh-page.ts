import type { ComponentType } from "react";
import { vi } from "vitest";

/**
 * Imports a page and the renderer afresh. A page keeps one query cache for the visit
 * (lib/with-queries.tsx); imported again it starts empty, whatever the tests before it in this
 * worker left there, and the fresh renderer's toast viewport shows the page's toasts.
 */
export async function freshPage(load: () => Promise<{ default: ComponentType }>) {
  vi.resetModules();
  const [{ renderScreen }, { default: Page }] = await Promise.all([import("./render-screen"), load()]);
  return { renderScreen, Page };
}
