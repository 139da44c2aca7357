import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface Received {
  to: string;
  raw: string;
}

/** A real SMTP peer on 127.0.0.1 that keeps every message it is given; `port` to bring one back where it was. */
export async function startSmtpPeer(port = 0): Promise<{ url: string; inbox: Received[]; close(): Promise<void> }> {
  const inbox: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
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
  return { url: `smtp://127.0.0.1:${address.port}`, inbox, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
