import { onTestFinished, vi } from "vitest";

/** One upload as the fake tus server holds it. */
interface TusUpload {
  url: string;
  metadata: Record<string, string>;
  length: number;
  /** Bytes stored so far. */
  offset: number;
  /** The Upload-Offset of each PATCH, in order: a resumed upload starts where the server stopped, not at 0. */
  patchOffsets: number[];
  /** Terminated by the browser (DELETE), or refused at completion: nothing is kept. */
  gone: boolean;
}

type Reply = { status: number; body: unknown };

interface TusServerOptions {
  /** Refuses an upload at creation (its fields, its declared length) before any byte is stored. */
  create?: (metadata: Record<string, string>, length: number) => Reply | undefined;
  /** The answer to the PATCH that completes an upload: the new row, or a refusal of the content. */
  complete?: (upload: TusUpload) => Reply;
  /** Each PATCH reports half its bytes sent, then waits for release(): a test can pause or cancel mid-way. */
  hold?: boolean;
}

const ENDPOINT = "/api/uploads";

function decodeMetadata(header: string | undefined): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const pair of (header ?? "").split(",").filter(Boolean)) {
    const [key = "", value = ""] = pair.trim().split(" ");
    metadata[key] = new TextDecoder().decode(Uint8Array.from(atob(value), (character) => character.charCodeAt(0)));
  }
  return metadata;
}

/**
 * A tus 1.0.0 server in the page, at the level the uploader talks to it (XMLHttpRequest, as
 * tus-js-client does in a browser): creation with Upload-Metadata, HEAD for the offset, PATCH,
 * termination (HEAD and DELETE by fetch too, as the list of unfinished uploads sends them; call
 * it after answerRequests). Returns its uploads, and `release` to let held PATCHes finish. The unfinished
 * uploads the browser remembers (localStorage) are forgotten after each test.
 */
export function answerTusUploads({ create, complete, hold = false }: TusServerOptions = {}) {
  const uploads: TusUpload[] = [];
  const held: (() => void)[] = [];
  const find = (url: string) => uploads.find((upload) => upload.url === url && !upload.gone);

  class FakeTusRequest {
    upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: ((error: unknown) => void) | null = null;
    status = 0;
    statusText = "";
    responseText = "";
    withCredentials = false;
    private method = "";
    private url = "";
    private headers: Record<string, string> = {};
    private answerHeaders: Record<string, string> = {};
    private aborted = false;
    private onAbort: (() => void) | undefined;

    open(method: string, url: string) {
      this.method = method;
      this.url = new URL(url, window.location.href).href;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name.toLowerCase()] = value;
    }
    getResponseHeader(name: string): string | null {
      return this.answerHeaders[name.toLowerCase()] ?? null;
    }
    abort() {
      this.aborted = true;
      this.onAbort?.();
    }
    send(body: Blob | null) {
      setTimeout(() => this.serve(body), 0);
    }

    private answer(status: number, body?: unknown, headers: Record<string, string> = {}) {
      if (this.aborted) return;
      this.status = status;
      this.responseText = body === undefined ? "" : JSON.stringify(body);
      this.answerHeaders = { "tus-resumable": "1.0.0", ...headers };
      this.onload?.();
    }

    private serve(body: Blob | null) {
      if (this.aborted) return;
      const { method, url } = this;
      if (method === "POST" && new URL(url).pathname === ENDPOINT) {
        const metadata = decodeMetadata(this.headers["upload-metadata"]);
        const length = Number(this.headers["upload-length"]);
        const refusal = create?.(metadata, length);
        if (refusal) return this.answer(refusal.status, refusal.body);
        const upload: TusUpload = { url: new URL(`${ENDPOINT}/${uploads.length + 1}`, url).href, metadata, length, offset: 0, patchOffsets: [], gone: false };
        uploads.push(upload);
        return this.answer(201, undefined, { location: upload.url });
      }
      const upload = find(url);
      if (!upload) return this.answer(404, { message: "Upload not found" });
      if (method === "HEAD") return this.answer(200, undefined, { "upload-offset": String(upload.offset), "upload-length": String(upload.length) });
      if (method === "DELETE") {
        upload.gone = true;
        return this.answer(204);
      }
      const offset = Number(this.headers["upload-offset"]);
      if (offset !== upload.offset) return this.answer(409, { message: "Offset mismatch" });
      upload.patchOffsets.push(offset);
      const size = body?.size ?? 0;
      let sent = 0;
      const store = (bytes: number) => {
        sent += bytes;
        upload.offset += bytes;
        this.upload.onprogress?.({ lengthComputable: true, loaded: sent, total: size });
      };
      const finish = () => {
        store(size - (hold ? Math.floor(size / 2) : 0));
        if (upload.offset < upload.length) return this.answer(204, undefined, { "upload-offset": String(upload.offset) });
        const reply = complete?.(upload) ?? { status: 200, body: { success: true, data: {} } };
        if (reply.status >= 400) upload.gone = true;
        this.answer(reply.status, reply.body, { "upload-offset": String(upload.offset) });
      };
      if (!hold) return finish();
      // Half the body reaches the server; the rest waits. Aborted (a pause, a cancel), the half stays stored.
      store(Math.floor(size / 2));
      const release = () => {
        if (!this.aborted) finish();
      };
      held.push(release);
      this.onAbort = () => {
        const index = held.indexOf(release);
        if (index >= 0) held.splice(index, 1);
      };
    }
  }

  // The back office asks what an unfinished upload holds (HEAD) and discards one (DELETE) by fetch;
  // other requests go on to the test's own answers.
  const otherFetch = globalThis.fetch;
  const tusFetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), window.location.href).href;
    const method = init.method ?? "GET";
    if (!url.includes(`${ENDPOINT}/`) || (method !== "HEAD" && method !== "DELETE")) return otherFetch(input, init);
    const upload = find(url);
    if (!upload) return new Response(null, { status: 404 });
    if (method === "DELETE") upload.gone = true;
    return new Response(null, {
      status: method === "DELETE" ? 204 : 200,
      headers: { "Upload-Offset": String(upload.offset), "Upload-Length": String(upload.length) },
    });
  };

  vi.stubGlobal("XMLHttpRequest", FakeTusRequest);
  vi.stubGlobal("fetch", tusFetch);
  onTestFinished(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });
  return {
    uploads,
    /** Lets every held PATCH finish. */
    release: () => held.splice(0).forEach((finish) => finish()),
    /** Forgets the held PATCHes, their halves stored, as when the page that sent them is reloaded: they never hear back. */
    dropHeld: () => void held.splice(0),
  };
}
