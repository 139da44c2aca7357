import type { z } from "zod";
import type { publicUserSchema } from "@common/contract/users";
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
    createdAt: user.createdAt,
  };
}
