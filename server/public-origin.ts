import type { FastifyRequest } from "fastify";

/** The site's address as the browser knows it: PUBLIC_URL when set, else the request's own. */
export function publicOrigin(request: FastifyRequest, publicUrl: string | undefined): string {
  return publicUrl ?? `${request.protocol}://${request.host}`;
}
