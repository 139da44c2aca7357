// People in the browser (docs/decisions/0058-people-and-invitations.md): the admin invites a pilot,
// who opens the mailed link, chooses a password and lands signed in as a pilot; the admin adds a
// phone-in customer with an invitation, and deactivates someone, who is then refused sign-in.
import { openBackOffice } from "./admin-jobs";
import { expect, logInWithForm, registerCustomer, severeViolations, test, uniqueId } from "./fixtures";
import { mailText, waitForMail } from "./mailbox";

/** The invitation link of a mail's text. */
function invitationLink(raw: string): string {
  const link = /https?:\/\/\S+\/invitation\?token=[A-Za-z0-9_-]+/.exec(mailText(raw))?.[0];
  expect(link, "an invitation link in the mail").toBeDefined();
  return new URL(link!).pathname + new URL(link!).search;
}

test.describe("people and invitations", () => {
  test("the admin invites a pilot, who opens the mailed link, sets a password and lands signed in as a pilot", async ({ page, adminPage }) => {
    const email = `pilot.${uniqueId()}@example.com`;
    const panel = await openBackOffice(adminPage, "Customers");
    await panel.getByRole("button", { name: "Invite", exact: true }).click();
    const dialog = adminPage.getByRole("dialog", { name: "Invite someone" });
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Role").selectOption("pilot");
    await dialog.getByLabel("First Name").fill("Bessie");
    await dialog.getByRole("button", { name: "Send Invitation" }).click();
    await expect(dialog).toBeHidden();
    const invitations = panel.getByRole("region", { name: "Invitations, the newest first" });
    await expect(invitations.getByRole("row").filter({ hasText: email })).toContainText("Pending");

    const mail = await waitForMail(email, "/invitation?token=");
    await page.goto(invitationLink(mail));
    await expect(page.getByRole("heading", { level: 1, name: "Accept Invitation" })).toBeVisible();
    expect(await severeViolations(page), "serious or critical axe violations on the invitation page").toBe("");
    const form = page.getByRole("form", { name: "Accept invitation" });
    await expect(form.getByLabel("First Name")).toHaveValue("Bessie");
    await form.getByLabel("Username").fill(`bessie-${uniqueId()}`);
    await form.getByLabel("Password", { exact: true }).fill("kitty-hawk-1903");
    await form.getByLabel("Confirm Password").fill("kitty-hawk-1903");
    await form.getByRole("button", { name: "Accept Invitation" }).click();
    await expect(page).toHaveURL(/\/admin-dashboard/);
    await expect(page.getByRole("heading", { level: 1, name: "Pilot Dashboard" })).toBeVisible();
    expect(((await (await page.request.get("/api/user")).json()) as { role: string }).role).toBe("pilot");

    // Used once: the same link now says so, and whom to ask.
    await page.goto(invitationLink(mail));
    await expect(page.getByRole("heading", { level: 1, name: "Invitation Already Used" })).toBeVisible();
    await adminPage.reload();
    const again = await openBackOffice(adminPage, "Customers");
    await expect(again.getByRole("region", { name: "Invitations, the newest first" }).getByRole("row").filter({ hasText: email })).toContainText("Accepted");
  });

  test("the admin adds a phone-in customer with an invitation, and deactivates someone, who is then refused sign-in", async ({ page, adminPage }) => {
    const email = `phone.${uniqueId()}@example.com`;
    const lastName = `Lovelace ${uniqueId()}`;
    const panel = await openBackOffice(adminPage, "Customers");
    await panel.getByRole("button", { name: "Add customer" }).click();
    const dialog = adminPage.getByRole("dialog", { name: "Add a customer" });
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("First Name").fill("Ada");
    await dialog.getByLabel("Last Name").fill(lastName);
    await dialog.getByLabel("Company").fill("Analytical Engines Ltd");
    await dialog.getByLabel("Billing Address").fill("12 St James's Square\nLondon");
    await expect(dialog.getByLabel("Send an invitation by mail")).toBeChecked();
    await dialog.getByRole("button", { name: "Add Customer" }).click();
    await expect(dialog).toBeHidden();
    const mail = await waitForMail(email, "/invitation?token=", "Hello Ada,");
    expect(mailText(mail)).toContain("customer account");

    // Registered through the page's own requests, so the page is signed in as them.
    const someone = await registerCustomer(page.request, { firstName: "Jean", lastName: `Batten ${uniqueId()}` });
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Customer Dashboard" })).toBeVisible();

    await panel.getByRole("searchbox", { name: "Search" }).fill(someone.lastName);
    const name = `Jean ${someone.lastName}`;
    await panel.getByRole("link", { name, exact: true }).click();
    await expect(adminPage.getByRole("heading", { level: 1, name, exact: true })).toBeVisible();
    await adminPage.getByRole("button", { name: "Deactivate" }).click();
    await expect(adminPage.getByRole("button", { name: "Reactivate" })).toBeVisible();

    // Their session ended at once: the next page asks them to sign in, and signing in is refused with the reason.
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login/);
    await logInWithForm(page, someone);
    await expect(page.getByText(/This account has been deactivated/).first()).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });
});
