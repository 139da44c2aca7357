/** A route's page as the router renders it; `srcs` (a lazy page's) lists every module its loader imports. */
export interface RouterPage {
  src: string;
  srcs?: string[];
  lazy: boolean;
}

/** Path → page module, read from client/src/app/router.tsx (or `routerFile`). */
export function routerPages(routerFile?: string): Map<string, RouterPage>;

/** The chunks `keys` of a Vite manifest load before running: themselves and their static imports. */
export function staticClosure(manifest: Record<string, { imports?: string[] }>, keys: Iterable<string>): Set<string>;

/** The module the entry imports once a prerendered page has painted: the app (client/src/start.tsx). */
export const APP_MODULE: string;

/** The chunks every page loads: the entry, the app it starts, and their static imports. */
export function appClosure(manifest: Record<string, { imports?: string[]; isEntry?: boolean }>): Set<string>;

/** Route → the built files its lazy page needs beyond the entry's, the app's chunk included. */
export function pageChunks(clientDir: string, routerFile?: string): Record<string, string[]>;
