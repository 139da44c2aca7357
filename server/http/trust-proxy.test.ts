import { randomInt } from "node:crypto";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loopbackNetwork, postFrom } from "../testing/from-address";
import { createTestApp, type TestApp } from "../testing/test-app";

/**
 * Which address the per-address limits count (the contact form's: 3 here), over real
 * connections from distinct loopback addresses. Without a proxy, TRUST_PROXY stays unset: a hop
 * count would take the connecting client itself for the proxy and believe its header.
 */
const INQUIRY = { name: "Grace Hopper", email: "grace@example.com", phone: "555 010 2030", service: "solar", message: "Please inspect our roof array." };
const fakeAddress = () => `203.0.113.${randomInt(1, 255)}`;

async function listening(env: Record<string, string>): Promise<{ t: TestApp; url: string }> {
  const t = await createTestApp({ RATE_LIMIT_CONTACT_MAX: "3", ...env });
  await t.app.listen({ host: "127.0.0.1", port: 0 });
  return { t, url: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/contact` };
}

/** Statuses of four inquiries from `from`, each with the X-Forwarded-For `forwarded()` gives. */
async function fourInquiries(url: string, from: string, forwarded: () => string): Promise<number[]> {
  const statuses = [];
  for (let attempt = 0; attempt < 4; attempt += 1) statuses.push((await postFrom(from, url, INQUIRY, { "x-forwarded-for": forwarded() })).status);
  return statuses;
}

describe("client addresses with TRUST_PROXY unset", () => {
  let app: { t: TestApp; url: string };
  beforeAll(async () => {
    app = await listening({});
  });
  afterAll(() => app.t.close());

  it("ignores X-Forwarded-For: a client that makes up a new address each time is still limited", async () => {
    const address = loopbackNetwork();
    expect(await fourInquiries(app.url, address(2), fakeAddress)).toEqual([201, 201, 201, 429]);
    expect((await postFrom(address(3), app.url, INQUIRY)).status).toBe(201);
  });
});

describe("client addresses with TRUST_PROXY listing the proxy", () => {
  const address = loopbackNetwork();
  const proxy = address(9);
  let app: { t: TestApp; url: string };
  beforeAll(async () => {
    app = await listening({ TRUST_PROXY: `${proxy}, 10.99.0.0/16` });
  });
  afterAll(() => app.t.close());

  it("takes the client address the proxy forwards, one limit per client", async () => {
    expect(await fourInquiries(app.url, proxy, () => address(20))).toEqual([201, 201, 201, 429]);
    expect((await postFrom(proxy, app.url, INQUIRY, { "x-forwarded-for": address(21) })).status).toBe(201);
  });

  it("ignores X-Forwarded-For from any other peer", async () => {
    expect(await fourInquiries(app.url, address(2), fakeAddress)).toEqual([201, 201, 201, 429]);
  });
});

describe("client addresses with TRUST_PROXY=1 behind a proxy that appends", () => {
  let app: { t: TestApp; url: string };
  beforeAll(async () => {
    app = await listening({ TRUST_PROXY: "1" });
  });
  afterAll(() => app.t.close());

  it("takes only the entry the proxy added, not the ones its client wrote before it", async () => {
    const address = loopbackNetwork();
    expect(await fourInquiries(app.url, address(9), () => `${fakeAddress()}, ${address(30)}`)).toEqual([201, 201, 201, 429]);
  });
});
