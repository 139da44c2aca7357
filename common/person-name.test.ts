import { describe, expect, it } from "vitest";
import { greetingName, personName } from "./person-name";

describe("how the site names and greets people", () => {
  it("names a person by first and last name, by either alone, and by the username only when they gave no name", () => {
    expect(personName({ username: "admin", firstName: "Paula", lastName: "Pereira" })).toBe("Paula Pereira");
    expect(personName({ username: "admin", firstName: "", lastName: "Pereira" })).toBe("Pereira");
    expect(personName({ username: "admin", firstName: "", lastName: "" })).toBe("admin");
  });

  it("greets a person by first name, else by e-mail, never by username", () => {
    expect(greetingName({ firstName: "Bessie", email: "bessie@example.com" })).toBe("Bessie");
    expect(greetingName({ firstName: "  ", email: "bessie@example.com" })).toBe("bessie@example.com");
  });
});
