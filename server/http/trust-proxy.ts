import type { Config } from "../config";

/** A hop count trusts that many proxies nearest the server, as Fastify does for numbers (its types take none). */
export function trustProxyOption(trust: Config["trustProxy"]) {
  return typeof trust === "number" ? (_address: string, hop: number) => hop < trust : trust;
}
