import type { z } from "zod";
import type { ownProfileChangedSchema } from "@common/contract/users";
import { type Answer, send } from "@/lib/api";

export type ProfileChange = Partial<
  Record<"firstName" | "lastName" | "email" | "phone" | "company" | "billingAddress" | "currentPassword" | "newPassword", string>
>;

/** PATCH /api/user: one's own profile; a new e-mail or password with the current password. */
export function updateProfile(change: ProfileChange): Promise<Answer<z.input<typeof ownProfileChangedSchema>>> {
  return send("PATCH", "/api/user", { body: change });
}
