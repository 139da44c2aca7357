import type { z } from "zod";
import type { accountSchema, publicUserSchema } from "@common/contract/users";
import type { User } from "../db/schema";

/** The only shape in which a user leaves the server: no password hash, ever. */
export function toPublicUser(user: User): z.output<typeof publicUserSchema> {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    company: user.company,
    phone: user.phone,
    billingAddress: user.billingAddress,
    active: user.active,
    createdAt: user.createdAt,
  };
}

/** The back office's view of an account: the public one with the business's notes. */
export function toAccount(user: User): z.output<typeof accountSchema> {
  return { ...toPublicUser(user), notes: user.notes, requiredInsuranceLimit: user.requiredInsuranceLimit };
}
