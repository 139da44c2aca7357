/** True when no build exists or a source changed since the last one. */
export function isBuildStale(): boolean;
/** Builds dist/ when stale; resolves to whether it built. */
export function buildIfStale(): Promise<boolean>;
