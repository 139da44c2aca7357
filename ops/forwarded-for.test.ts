import { randomBytes, randomInt } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loopbackNetwork, postFrom } from "../server/testing/from-address";
import { type Nginx, startNginx } from "./support/nginx";
import { type ServerProcess, startServer } from "./support/server-process";

/**
 * docs/operations.md §5: the shipped deployment (deploy/nginx.conf in front, compose.yaml's
 * TRUST_PROXY on the instance) counts per-address limits by the address nginx saw, whatever
 * X-Forwarded-For a client writes. Clients connect from distinct loopback addresses.
 */

/** The TRUST_PROXY compose.yaml gives the instances. */
async function composeTrustProxy(): Promise<string> {
  const value = /^\s*TRUST_PROXY:\s*"([^"]*)"/m.exec(await readFile("compose.yaml", "utf8"))?.[1];
  if (value === undefined) throw new Error("compose.yaml sets no TRUST_PROXY");
  return value;
}

const fakeAddress = () => `${randomInt(1, 224)}.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
const INQUIRY = { name: "Grace Hopper", email: "grace@example.com", phone: "555 010 2030", service: "solar", message: "Please inspect our roof array." };
const signUp = () => {
  const name = `spoof-${randomBytes(4).toString("hex")}`;
  return { username: name, email: `${name}@example.com`, password: "secret-pw" };
};

describe("X-Forwarded-For through nginx", () => {
  let work: string;
  let server: ServerProcess;
  let nginx: Nginx;

  beforeAll(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), "skyvantage-forwarded-"));
    server = await startServer({ TRUST_PROXY: await composeTrustProxy(), RATE_LIMIT_CONTACT_MAX: "5", RATE_LIMIT_REGISTER_MAX: "3" });
    nginx = await startNginx(work, [Number(new URL(server.url).port)]);
  });

  afterAll(async () => {
    nginx?.process.kill("SIGKILL");
    await server?.stop();
    await rm(work, { recursive: true, force: true });
  });

  it("limits inquiries from one client although each carries a different made-up address, and not its neighbour's", async () => {
    const address = loopbackNetwork();
    const statuses = [];
    for (let attempt = 0; attempt < 8; attempt += 1) {
      statuses.push((await postFrom(address(2), `${nginx.url}/api/contact`, INQUIRY, { "x-forwarded-for": fakeAddress(), "x-real-ip": fakeAddress() })).status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);
    // The app still sees real clients apart: another one is not held back.
    expect((await postFrom(address(3), `${nginx.url}/api/contact`, INQUIRY)).status).toBe(201);
  });

  it("limits sign-ups from one client although each carries a different made-up address", async () => {
    const address = loopbackNetwork();
    const statuses = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      statuses.push((await postFrom(address(2), `${nginx.url}/api/register`, signUp(), { "x-forwarded-for": `${fakeAddress()}, ${fakeAddress()}` })).status);
    }
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
    expect((await postFrom(address(3), `${nginx.url}/api/register`, signUp())).status).toBe(201);
  });
});
