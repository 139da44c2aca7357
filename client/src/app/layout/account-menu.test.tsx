// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { PublicUser } from "@common/contract/users";
import { answerRequests } from "@/testing/answer-fetch";
import { renderScreen } from "@/testing/render-screen";
import { sampleAdmin, sampleAmelia, samplePilot } from "@/testing/sample-users";

/** The menu as the header loads it, for `user`: a fresh module each time, so no test reads the user another signed in. */
async function openMenu(user: PublicUser, path = "/") {
  answerRequests({ "GET /api/user": { status: 200, body: user } });
  const { default: AccountMenu } = await import("./account-menu");
  const rendered = renderScreen(<AccountMenu />, path);
  const button = await screen.findByRole("button", { name: /^Account:/ });
  await rendered.user.click(button);
  const panel = document.getElementById(button.getAttribute("aria-controls") ?? "");
  if (!panel) throw new Error("the account menu did not open");
  return { ...rendered, button, links: within(panel) };
}

describe("the header's account menu", () => {
  beforeEach(() => {
    vi.resetModules();
  });

  it("offers an admin Settings, the back office's Settings tab, beside My profile", async () => {
    const { links, user, currentPath, button } = await openMenu(sampleAdmin);
    expect(links.getAllByRole("link").map((link) => link.textContent)).toEqual(["Back office", "My profile", "Settings"]);
    expect(links.getByRole("link", { name: "Settings" }).getAttribute("href")).toBe("/admin-dashboard?tab=settings");
    await user.click(links.getByRole("link", { name: "Settings" }));
    expect(currentPath()).toBe("/admin-dashboard?tab=settings");
    expect(button.getAttribute("aria-expanded")).toBe("false");
  });

  it("marks Settings, not Back office, as the page an admin is on in the Settings tab", async () => {
    const { links } = await openMenu(sampleAdmin, "/admin-dashboard?tab=settings");
    expect(links.getByRole("link", { name: "Settings" }).getAttribute("aria-current")).toBe("page");
    expect(links.getByRole("link", { name: "Back office" }).getAttribute("aria-current")).toBeNull();
  });

  it.each([
    ["a pilot", samplePilot, ["Back office", "My profile"]],
    ["a customer", sampleAmelia, ["Dashboard", "My profile"]],
  ])("offers %s no Settings", async (_who, person, expected) => {
    const { links } = await openMenu(person);
    expect(links.getAllByRole("link").map((link) => link.textContent)).toEqual(expected);
  });
});
