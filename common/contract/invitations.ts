import { z } from "zod";
import { INVITATION_STATUSES } from "../people";
import { ROLES } from "../roles";
import { id, isoDate, listOf, successOf } from "./wire";

/** An invitation as the back office lists it (docs/decisions/0058-people-and-invitations.md): never its token. */
const invitationRowSchema = z.object({
  id,
  email: z.string(),
  role: z.enum(ROLES),
  firstName: z.string(),
  lastName: z.string(),
  status: z.enum(INVITATION_STATUSES),
  /** Who sent it; null once that account is gone. */
  invitedBy: z.object({ id, name: z.string() }).nullable(),
  /** The account it opened or opens, once there is one. */
  userId: id.nullable(),
  createdAt: isoDate,
  expiresAt: isoDate,
  acceptedAt: isoDate.nullable(),
  revokedAt: isoDate.nullable(),
});
export type InvitationRow = z.input<typeof invitationRowSchema>;

/** GET /api/admin/invitations, newest first. */
export const invitationListSchema = listOf(invitationRowSchema);

/** POST /api/admin/invitations and DELETE /api/admin/invitations/:id. */
export const invitationAnswerSchema = successOf(invitationRowSchema);

/**
 * POST /api/invitations/check: for a pending link, whom it invites and as what (the page fills its
 * form with them); otherwise only where it stands, and whom to ask for a new one.
 */
export const invitationCheckResponseSchema = z.discriminatedUnion("status", [
  z.object({
    status: z.literal("pending"),
    email: z.string(),
    role: z.enum(ROLES),
    firstName: z.string(),
    lastName: z.string(),
    /** The username of the account the business made, which the person may keep; empty for a new account. */
    username: z.string(),
  }),
  z.object({ status: z.enum(["accepted", "expired", "revoked", "unknown"]), contactEmail: z.string() }),
]);
export type InvitationCheck = z.input<typeof invitationCheckResponseSchema>;
