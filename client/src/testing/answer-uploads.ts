import { onTestFinished, vi } from "vitest";

export interface Upload {
  url: string;
  /** The multipart body in order: text fields by value, the file by its name. */
  parts: [string, string][];
}

/**
 * Uploads go by XMLHttpRequest (for their progress): this one answers with the given status and
 * body after reporting half the body sent, and records what was posted.
 */
export function answerUploads(status: number, body: unknown): Upload[] {
  const uploads: Upload[] = [];
  class FakeRequest {
    upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    status = 0;
    statusText = "";
    responseText = "";
    private url = "";
    open(_method: string, url: string) {
      this.url = url;
    }
    send(form: FormData) {
      uploads.push({ url: this.url, parts: [...form.entries()].map(([name, value]) => [name, typeof value === "string" ? value : value.name]) });
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        this.status = status;
        this.responseText = JSON.stringify(body);
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal("XMLHttpRequest", FakeRequest);
  onTestFinished(() => {
    vi.unstubAllGlobals();
  });
  return uploads;
}
