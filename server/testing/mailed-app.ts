import { afterAll, beforeAll } from "vitest";
import { type AppWithUsers, appWithUsers, type Person } from "./factories";
import { type SmtpPeer, startSmtpPeer } from "./smtp-peer";

/** What a describe block takes from appWithSmtpPeerForTests: the app, its users and the SMTP peer. */
type AppWithSmtpPeer<P extends readonly Person[]> = AppWithUsers<P> & { smtp: SmtpPeer };

type Take<P extends readonly Person[]> = (made: AppWithSmtpPeer<P>) => unknown;

/**
 * A real SMTP peer and appWithUsers for the tests of one describe block. The peer starts first, so
 * `env` can name it (SMTP_URL); without `env` the app does not know it, and a test saves it as the
 * settings' mail server. After the tests the app closes before the peer, so its queue has stopped
 * sending. `take` receives both before the first test.
 */
export function appWithSmtpPeerForTests<const P extends readonly Person[]>(people: P, take: Take<P>): void;
export function appWithSmtpPeerForTests<const P extends readonly Person[]>(people: P, env: (smtp: SmtpPeer) => Record<string, string>, take: Take<P>): void;
export function appWithSmtpPeerForTests<const P extends readonly Person[]>(
  people: P,
  ...rest: [Take<P>] | [(smtp: SmtpPeer) => Record<string, string>, Take<P>]
): void {
  const [env, take] = rest.length === 1 ? [undefined, rest[0]] : rest;
  let smtp: SmtpPeer | undefined;
  let made: AppWithUsers<P> | undefined;
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    made = await appWithUsers(people, env?.(smtp));
    await take({ ...made, smtp });
  });
  afterAll(async () => {
    await made?.t.close();
    await smtp?.close();
  });
}
