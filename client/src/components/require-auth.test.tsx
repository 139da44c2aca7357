// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import type { PublicUser } from "@common/contract/users";
import { sessionKeys } from "@/api/session";
import { RequireAuth } from "./require-auth";

const jean = { id: 7, username: "jean", email: "jean@example.com", firstName: "Jean", lastName: "Batten", role: "customer" } as PublicUser;

function Screen({ client }: { client: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      <RequireAuth>{(user) => <h1>{`Welcome, ${user.firstName}`}</h1>}</RequireAuth>
    </QueryClientProvider>
  );
}

const container = document.createElement("div");
afterEach(() => container.remove());

describe("RequireAuth adopting a prerendered screen", () => {
  it("matches the prerendered frame even when the session is already known, then shows the page", async () => {
    // The build prerenders the screen with no session: "Checking your session…".
    container.innerHTML = renderToString(<Screen client={new QueryClient()} />);
    expect(container.textContent).toBe("Checking your session…");
    document.body.append(container);

    // In the browser the header's account menu may have read the session before the page's chunk arrived.
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
    client.setQueryData(sessionKeys.user, jean);
    const mismatches: unknown[] = [];
    const root = await act(async () => hydrateRoot(container, <Screen client={client} />, { onRecoverableError: (error) => mismatches.push(error) }));

    expect(mismatches).toEqual([]);
    expect(container.querySelector("h1")?.textContent).toBe("Welcome, Jean");
    act(() => root.unmount());
  });
});
