import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll } from "vitest";
import type { PublicUser } from "@common/contract/users";
import { services, users } from "../db/schema";
import { createTestApp, type TestApp, type TestAppOptions } from "./test-app";

export interface TestUser {
  user: PublicUser;
  password: string;
  /** The Cookie header value that carries this user's session. */
  cookie: string;
}

export function sessionCookieOf(res: LightMyRequestResponse): string {
  const session = res.cookies.find((cookie) => cookie.name === "sv_session");
  if (!session) throw new Error(`no session cookie in the answer (${res.statusCode}: ${res.body})`);
  return `sv_session=${session.value}`;
}

/** Registers a customer through the public API (a unique one unless told otherwise). */
export async function registerUser(
  t: TestApp,
  overrides: Partial<{ username: string; email: string; firstName: string; lastName: string; password: string }> = {},
): Promise<TestUser> {
  const suffix = randomBytes(4).toString("hex");
  const body = {
    username: `pilot-${suffix}`,
    email: `pilot-${suffix}@example.com`,
    firstName: "Test",
    lastName: "Pilot",
    password: "correct-horse",
    ...overrides,
  };
  const res = await t.app.inject({ method: "POST", url: "/api/register", payload: body });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return { user: res.json(), password: body.password, cookie: sessionCookieOf(res) };
}

/** A registered user given a staff role in the database. */
async function createStaff(t: TestApp, role: "admin" | "pilot"): Promise<TestUser> {
  const staff = await registerUser(t, { username: `${role}-${randomBytes(4).toString("hex")}` });
  await t.database.db.update(users).set({ role }).where(eq(users.id, staff.user.id));
  return { ...staff, user: { ...staff.user, role } };
}

/** A registered user promoted to admin in the database. */
export const createAdmin = (t: TestApp): Promise<TestUser> => createStaff(t, "admin");

export type Person = "admin" | "customer" | "pilot";

/** What appWithUsers makes: the app, one user per person asked for, and a seeded service's id. */
export type AppWithUsers<P extends readonly Person[]> = { t: TestApp; users: { -readonly [K in keyof P]: TestUser }; serviceId: number };

/**
 * The start of most API test files: a fresh app (createTestApp's `env` and `options`), one user
 * per entry of `people`, in that order, and the id of a seeded service to upload or pay against.
 */
export async function appWithUsers<const P extends readonly Person[]>(
  people: P,
  env?: Record<string, string>,
  options?: TestAppOptions,
): Promise<AppWithUsers<P>> {
  const t = await createTestApp(env, options);
  const created = await Promise.all(people.map((person) => (person === "customer" ? registerUser(t) : createStaff(t, person))));
  const [service] = await t.database.db.select({ id: services.id }).from(services).limit(1);
  return { t, users: created as { -readonly [K in keyof P]: TestUser }, serviceId: service!.id };
}

/** What a describe block does with the app appWithUsersForTests made for it, before its first test. */
type Take<P extends readonly Person[]> = (made: AppWithUsers<P>) => unknown;

/**
 * appWithUsers for the tests of one describe block (or file): made before them (with `env` and
 * `options` when given) and closed after them. `take` receives it before the first test, to keep
 * what the tests use in the block's own variables and set the rest of the scene up.
 */
export function appWithUsersForTests<const P extends readonly Person[]>(people: P, take: Take<P>): void;
export function appWithUsersForTests<const P extends readonly Person[]>(people: P, env: Record<string, string>, take: Take<P>): void;
export function appWithUsersForTests<const P extends readonly Person[]>(people: P, env: Record<string, string>, options: TestAppOptions, take: Take<P>): void;
export function appWithUsersForTests<const P extends readonly Person[]>(
  people: P,
  ...rest: [Take<P>] | [Record<string, string>, Take<P>] | [Record<string, string>, TestAppOptions, Take<P>]
): void {
  const take = rest.at(-1) as Take<P>;
  const [env, options] = rest.length === 1 ? [] : (rest as [Record<string, string>, TestAppOptions?]);
  let made: AppWithUsers<P> | undefined;
  beforeAll(async () => {
    made = await appWithUsers(people, env, options);
    await take(made);
  });
  afterAll(() => made?.t.close());
}
