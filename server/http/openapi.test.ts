import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appWithUsers } from "../testing/factories";
import { registeredRoutes } from "../testing/registered-routes";
import type { TestApp } from "../testing/test-app";
import { ACCESS_HEADER, type Access } from "./openapi";

type Operations = Record<string, Record<string, { [ACCESS_HEADER]: Access }>>;

describe("GET /api/openapi.json", () => {
  let t: TestApp;
  let customerCookie: string;
  let document: { openapi: string; paths: Operations };
  beforeAll(async () => {
    const scene = await appWithUsers(["customer"]);
    t = scene.t;
    customerCookie = scene.users[0].cookie;
    const res = await t.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(res.statusCode).toBe(200);
    document = res.json();
  });
  afterAll(() => t.close());

  it("is an OpenAPI 3.1 document, served to anyone, of every API route", () => {
    expect(document.openapi).toBe("3.1.0");
    const documented = Object.entries(document.paths).flatMap(([url, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${url}`));
    const registered = registeredRoutes(t.app)
      .filter(([, url]) => url.startsWith("/api/"))
      .map(([method, url]) => `${method} ${url.replace(/:(\w+)/g, "{$1}")}`);
    expect(documented.sort()).toEqual(registered.sort());
  });

  it("says who may call each route as its guards do: a visitor gets 401 from a customer's or admin's route, a customer 403 from an admin's", async () => {
    const answers: { route: string; caller: string; status: number; expected: number }[] = [];
    for (const [url, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const access = operation[ACCESS_HEADER];
        if (access === "anyone") continue;
        const request = { method: method.toUpperCase() as "GET", url: url.replace(/\{\w+\}/g, "1") };
        const route = `${request.method} ${url} (${access})`;
        answers.push({ route, caller: "visitor", status: (await t.app.inject(request)).statusCode, expected: 401 });
        if (access === "admin" || access === "staff")
          answers.push({
            route,
            caller: "customer",
            status: (await t.app.inject({ ...request, headers: { cookie: customerCookie } })).statusCode,
            expected: 403,
          });
      }
    }
    expect(answers.filter((answer) => answer.status !== answer.expected)).toEqual([]);
    expect(answers.length).toBeGreaterThan(20);
  });
});
