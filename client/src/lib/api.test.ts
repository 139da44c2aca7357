import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError, apiRequest, send } from "./api";
import { createQueryClient, getQueryFn } from "./query-client";

interface Seen {
  method: string;
  contentType: string | undefined;
  body: string;
}

describe("apiRequest and the query function (docs/product.md §7, §8)", () => {
  let server: Server;
  let base: string;
  const seen: Seen[] = [];

  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res) => {
      let body = "";
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => {
        seen.push({ method: req.method ?? "", contentType: req.headers["content-type"], body });
        if (req.url === "/ok") return res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
        if (req.url === "/text-error") return res.writeHead(409).end("Username already taken");
        if (req.url === "/empty-error") return res.writeHead(503).end();
        if (req.url === "/unauthorized") return res.writeHead(401).end("Not logged in");
        if (req.url === "/refused") return res.writeHead(409, { "content-type": "application/json" }).end('{"message":"Already paid"}');
        if (req.url === "/html") return res.writeHead(200, { "content-type": "text/html" }).end("<!doctype html>");
        if (req.url === "/silent") return;
        res.writeHead(404).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("sends a JSON body with its content type only when there is a body", async () => {
    await apiRequest("POST", `${base}/ok`, { a: 1 });
    await apiRequest("POST", `${base}/ok`);
    const [withBody, withoutBody] = seen.slice(-2);
    expect(withBody).toEqual({ method: "POST", contentType: "application/json", body: '{"a":1}' });
    expect(withoutBody).toEqual({ method: "POST", contentType: undefined, body: "" });
  });

  it("turns a non-OK answer into 'status: body text'", async () => {
    await expect(apiRequest("GET", `${base}/text-error`)).rejects.toThrow("409: Username already taken");
  });

  it("uses the status text when the body is empty", async () => {
    await expect(apiRequest("GET", `${base}/empty-error`)).rejects.toThrow("503: Service Unavailable");
  });

  it("says the server's message, or else the fallback, when the caller gives one", async () => {
    await expect(apiRequest("POST", `${base}/refused`, undefined, { fallback: "Please try again." })).rejects.toThrow("Already paid");
    await expect(apiRequest("POST", `${base}/text-error`, undefined, { fallback: "Please try again." })).rejects.toThrow("Please try again.");
  });

  it("reads an HTML page where JSON was due as a failure", async () => {
    const answer = await send("GET", `${base}/html`);
    expect(answer).toMatchObject({ ok: false, status: 200, body: undefined });
  });

  it("fails with no status when no answer comes in time", async () => {
    const failure = await apiRequest("GET", `${base}/silent`, undefined, { timeoutMs: 50 }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: null });
  });

  it("treats 401 as an error by default and as null when asked", async () => {
    const context = { queryKey: [`${base}/unauthorized`], signal: new AbortController().signal, meta: undefined, client: createQueryClient() };
    await expect(getQueryFn({ on401: "throw" })(context as never)).rejects.toThrow("401: Not logged in");
    await expect(getQueryFn({ on401: "returnNull" })(context as never)).resolves.toBeNull();
  });

  it("configures queries per docs/product.md §7: no retry, never stale, no polling, no refetch on focus", () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries).toMatchObject({ retry: false, staleTime: Infinity, refetchInterval: false, refetchOnWindowFocus: false });
    expect(mutations).toMatchObject({ retry: false });
  });
});
