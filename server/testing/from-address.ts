import { randomInt } from "node:crypto";
import { request } from "node:http";

export interface Answer {
  status: number;
  body: { message?: string } & Record<string, unknown>;
  /** Each Set-Cookie as name=value, without its attributes. */
  cookies: string[];
  headers: Record<string, string | string[] | undefined>;
}

/**
 * Loopback is the whole 127.0.0.0/8: a /24 of it nobody else in this run uses, so its
 * addresses start with clean counters even in a Redis shared with earlier runs.
 */
export function loopbackNetwork(): (host: number) => string {
  const prefix = `127.${randomInt(1, 255)}.${randomInt(0, 256)}`;
  return (host) => `${prefix}.${host}`;
}

/** A JSON POST on a new connection from `from`, a real source address the server sees as the peer. */
export function postFrom(from: string, url: string, payload: object, headers: Record<string, string> = {}): Promise<Answer> {
  const body = JSON.stringify(payload);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: "POST",
        localAddress: from,
        agent: false,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), ...headers },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            body: text ? JSON.parse(text) : {},
            cookies: (res.headers["set-cookie"] ?? []).map((cookie) => cookie.split(";")[0]!),
            headers: res.headers,
          }),
        );
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}
