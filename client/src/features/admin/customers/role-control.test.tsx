// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { roleMessages } from "@common/auth";
import { answerRequests } from "@/testing/answer-fetch";
import { renderScreen } from "@/testing/render-screen";
import { RoleControl } from "./role-control";

const account = { id: 7, role: "customer" as const };
const user = { id: 7, username: "wilbur", email: "wilbur@example.com", firstName: "Wilbur", lastName: "Wright", createdAt: "2026-01-10T09:00:00.000Z" };
const changed = (role: string) => ({
  status: 200,
  body: { success: true, message: `wilbur is now ${role === "admin" ? "an" : "a"} ${role}`, data: { ...user, role } },
});
// After a change the Customers list, the account's page and the back office's user list reload; none is on screen here.
const reloads = { "GET /api/admin/users": { status: 200, body: { success: true, data: [] } } };

const roleSelect = () => screen.getByRole<HTMLSelectElement>("combobox", { name: "Role" });
const saveButton = () => screen.getByRole<HTMLButtonElement>("button", { name: "Save the role of Wilbur Wright" });

describe("the role control", () => {
  it("saves the chosen role and says so; Save waits for a change", async () => {
    const sent = answerRequests({ "PATCH /api/admin/users/7": changed("pilot"), ...reloads });
    const { user: person } = renderScreen(<RoleControl account={account} name="Wilbur Wright" />);
    expect([...roleSelect().options].map((option) => option.text)).toEqual(["Customer", "Pilot", "Admin"]);
    expect(roleSelect().value).toBe("customer");
    expect(saveButton().disabled).toBe(true);

    await person.selectOptions(roleSelect(), "Pilot");
    await person.click(saveButton());

    expect(await screen.findByText("wilbur is now a pilot")).toBeTruthy();
    expect(screen.getByText("Role changed")).toBeTruthy();
    expect(sent.filter((request) => request.method === "PATCH").map((request) => request.body)).toEqual([{ role: "pilot" }]);
  });

  it("shows the server's refusal under the field and keeps the choice", async () => {
    const refusal = roleMessages.pilotHasFlights(2);
    answerRequests({ "PATCH /api/admin/users/7": { status: 409, body: { message: refusal, errors: { role: refusal } } }, ...reloads });
    const { user: person } = renderScreen(<RoleControl account={{ id: 7, role: "pilot" }} name="Wilbur Wright" />);

    await person.selectOptions(roleSelect(), "Customer");
    await person.click(saveButton());

    expect((await screen.findByRole("alert")).textContent).toBe("Reassign this pilot's 2 scheduled flights first");
    expect(roleSelect().getAttribute("aria-invalid")).toBe("true");
    expect(roleSelect().getAttribute("aria-describedby")).toBe("customer-role-error");
    expect(roleSelect().value).toBe("customer");
    expect(screen.queryByText("Role changed")).toBeNull();
  });

  it("asks before making an admin: Cancel sends nothing, Make admin sends it", async () => {
    const sent = answerRequests({ "PATCH /api/admin/users/7": changed("admin"), ...reloads });
    const { user: person } = renderScreen(<RoleControl account={account} name="Wilbur Wright" />);

    await person.selectOptions(roleSelect(), "Admin");
    await person.click(saveButton());
    const dialog = await screen.findByRole("dialog", { name: "Make Wilbur Wright an admin?" });
    await person.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(sent).toEqual([]);

    await person.click(saveButton());
    await person.click(within(await screen.findByRole("dialog", { name: "Make Wilbur Wright an admin?" })).getByRole("button", { name: "Make admin" }));
    expect(await screen.findByText("wilbur is now an admin")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(sent.filter((request) => request.method === "PATCH").map((request) => request.body)).toEqual([{ role: "admin" }]);
  });
});
