import { z } from "zod";
import { strongEtag } from "./etag";

export interface JsonBody {
  /** The serialized answer, sent as is. */
  body: string;
  /** A strong ETag derived from the body, so every instance holding the same data names it alike. */
  etag: string;
}

/**
 * A JSON answer built at most once per `ttlMs` and shared by every request meanwhile. Requests
 * arriving while it is being rebuilt wait for that one build instead of each querying the
 * database; a failed build is not kept, so the next request tries again. The body is encoded with
 * the route's response schema, as the serializer would, since Fastify sends a string as is.
 */
export function cachedJson<Schema extends z.ZodType>(schema: Schema, build: () => Promise<z.output<Schema>>, ttlMs: number): () => Promise<JsonBody> {
  let current: { value: JsonBody; expires: number } | undefined;
  let pending: Promise<JsonBody> | undefined;
  const rebuild = async (): Promise<JsonBody> => {
    const body = JSON.stringify(z.encode(schema, await build()));
    const value = { body, etag: strongEtag(body) };
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
