import { type ClientRequest, type OutgoingHttpHeaders, request as httpRequest } from "node:http";

/** A multipart/form-data body as the browser would send it, for app.inject(). */
export async function multipartBody(fields: Record<string, string>, file?: { name: string; type: string; content: Uint8Array }) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append("file", new Blob([new Uint8Array(file.content)], { type: file.type }), file.name);
  const response = new Response(form);
  return { payload: Buffer.from(await response.arrayBuffer()), headers: { "content-type": response.headers.get("content-type") ?? "" } };
}

/**
 * A POST over a real socket to the app listening on `port`, for what inject() cannot show: how the
 * server answers while, or once, the client sends its body. `send` writes the body (whole or piped).
 */
export function postOverHttp(
  port: number,
  path: string,
  headers: OutgoingHttpHeaders,
  send: (req: ClientRequest) => void,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, method: "POST", path, headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    send(req);
  });
}

/** Small real files whose first bytes say what they are. */
export const sampleFiles = {
  png: Buffer.from(
    "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082",
    "hex",
  ),
  pdf: Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"),
  mp4: Buffer.concat([Buffer.from("000000186674797069736f6d0000020069736f6d69736f32", "hex"), Buffer.alloc(64, 1)]),
  text: Buffer.from("just some text pretending to be an image"),
};
