import type { AddressInfo } from "node:net";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";

interface Received {
  to: string;
  raw: string;
}

export interface SmtpPeer {
  url: string;
  port: number;
  inbox: Received[];
  close(): Promise<void>;
}

async function listeningPeer(port: number, options: SMTPServerOptions): Promise<SmtpPeer> {
  const inbox: Received[] = [];
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS"],
    logger: false,
    ...options,
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
      stream.on("end", () => {
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address).join(","), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    port: address.port,
    inbox,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A real SMTP peer on 127.0.0.1 that keeps every message it is given; `port` to bring one back where it was. */
export function startSmtpPeer(port = 0): Promise<SmtpPeer> {
  return listeningPeer(port, { authOptional: true });
}

/** The words an authenticating peer refuses a wrong login with, after its 535 code. */
export const AUTH_REFUSAL = "Those credentials are not known here";

/**
 * An SMTP peer that takes mail only after a login with `user` and `password` (over plain text, as
 * on 127.0.0.1 nothing listens between), refusing any other login with 535 and AUTH_REFUSAL.
 */
export function startAuthenticatingSmtpPeer(credentials: { user: string; password: string }): Promise<SmtpPeer> {
  return listeningPeer(0, {
    authOptional: false,
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (auth.username === credentials.user && auth.password === credentials.password) return callback(null, { user: auth.username });
      return callback(Object.assign(new Error(AUTH_REFUSAL), { responseCode: 535 }));
    },
  });
}
