import { createHash } from "node:crypto";

export interface JsonBody {
  /** The serialized answer, sent as is. */
  body: string;
  /** A strong ETag derived from the body, so every instance holding the same data names it alike. */
  etag: string;
}

/**
 * A JSON answer built at most once per `ttlMs` and shared by every request meanwhile. Requests
 * arriving while it is being rebuilt wait for that one build instead of each querying the
 * database; a failed build is not kept, so the next request tries again.
 */
export function cachedJson(build: () => Promise<unknown>, ttlMs: number): () => Promise<JsonBody> {
  let current: { value: JsonBody; expires: number } | undefined;
  let pending: Promise<JsonBody> | undefined;
  const rebuild = async (): Promise<JsonBody> => {
    const body = JSON.stringify(await build());
    const value = { body, etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"` };
    current = { value, expires: Date.now() + ttlMs };
    return value;
  };
  return async () => {
    if (current && Date.now() < current.expires) return current.value;
    pending ??= rebuild().finally(() => {
      pending = undefined;
    });
    return pending;
  };
}

/** Whether If-None-Match names this ETag (weak comparison, as RFC 9110 §13.1.2 asks of GET). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}
