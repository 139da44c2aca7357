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

/** Route → the built files its lazy page needs beyond the entry's. */
export function pageChunks(clientDir: string, routerFile?: string): Record<string, string[]>;
