import type { PublicUser } from "@common/contract/users";

/** The signed-in admin GET /api/user answers in back-office tests. */
export const sampleAdmin: PublicUser = {
  id: 1,
  role: "admin",
  username: "admin",
  email: "admin@example.com",
  firstName: "",
  lastName: "",
  createdAt: "2026-01-10T09:00:00.000Z",
  company: "",
  phone: "",
  billingAddress: "",
  active: true,
};

/** The pilot sampleJob is assigned to (id 7, Wilbur Wright), as GET /api/user answers them. */
export const samplePilot: PublicUser = {
  id: 7,
  role: "pilot",
  username: "wilbur",
  email: "wilbur@example.com",
  firstName: "Wilbur",
  lastName: "Wright",
  createdAt: "2026-01-10T09:00:00.000Z",
  company: "",
  phone: "",
  billingAddress: "",
  active: true,
};

/** A signed-in customer, Amelia Earhart, as GET /api/user answers her. */
export const sampleAmelia: PublicUser = {
  id: 5,
  username: "amelia",
  email: "amelia@example.com",
  firstName: "Amelia",
  lastName: "Earhart",
  role: "customer",
  createdAt: "2026-01-01T00:00:00.000Z",
  company: "",
  phone: "",
  billingAddress: "",
  active: true,
};
