import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { usernameSkeleton } from "@common/usernames";
import { DomainError } from "../domain-errors";

const TOO_MANY_ATTEMPTS = "Too many attempts. Please wait 15 minutes and try again.";
const HOUR_MS = 3_600_000;

export interface LoginLimitSettings {
  windowMs: number;
  /** Failed logins to one account from one address per window (RATE_LIMIT_LOGIN_MAX). */
  login: number;
  /** Failed logins to one account per hour from clients it does not trust (RATE_LIMIT_LOGIN_ACCOUNT_MAX). */
  loginAccount: number;
}

/** What one login attempt counted, so a success can give it back. */
export interface CountedAttempt {
  keys: string[];
  pair: string;
}

/**
 * OWASP's limits on online guessing (docs/decisions/0014-login-limits.md): per address, per
 * account and address, and a slower per-account ceiling that a browser holding the account's
 * device cookie is exempt from, so nobody guessing elsewhere can keep the owner out.
 */
export function loginLimits(app: FastifyInstance, settings: LoginLimitSettings) {
  const counter = app.attemptCounter;
  // Several people behind one address (an office, a carrier's NAT) each get their own room.
  const perAddress = settings.login * 3;
  return {
    /**
     * Counts the attempt before any password is checked, so parallel guesses cannot all slip under
     * a limit; 429 once one is passed. A success gives the attempt back (succeeded), so in the end
     * only failures count.
     */
    async count(request: FastifyRequest, reply: FastifyReply, username: string, trustedDevice: boolean): Promise<CountedAttempt> {
      // Look-alike spellings of one name are one account to the limits, as to the unique index.
      const account = usernameSkeleton(username);
      const pair = `login:pair:${JSON.stringify([request.ip, account])}`;
      const limits = [
        { key: `login:ip:${request.ip}`, max: perAddress, windowMs: settings.windowMs },
        { key: pair, max: settings.login, windowMs: settings.windowMs },
        ...(trustedDevice ? [] : [{ key: `login:account:${account}`, max: settings.loginAccount, windowMs: HOUR_MS }]),
      ];
      const counts = await Promise.all(limits.map((limit) => counter.add(limit.key, limit.windowMs)));
      const keys = limits.map((limit) => limit.key);
      const passed = counts.filter((count, index) => count.count > limits[index]!.max);
      if (passed.length > 0) {
        // A refused attempt tried no password, so it uses up nothing: only guesses count.
        await Promise.all(keys.map((key) => counter.takeBack(key)));
        reply.header("retry-after", Math.ceil(Math.max(...passed.map((count) => count.ttlMs)) / 1000));
        throw new DomainError("too-many", TOO_MANY_ATTEMPTS);
      }
      return { keys, pair };
    },

    /** A right password: the attempt was no guess, and the owner's own mistypings are forgiven. */
    async succeeded(attempt: CountedAttempt): Promise<void> {
      await Promise.all(attempt.keys.map((key) => (key === attempt.pair ? counter.clear(key) : counter.takeBack(key))));
    },
  };
}
