import type { InvitationCheck } from "@common/contract/invitations";
import type { PublicUser } from "@common/contract/users";
import { type Answer, send } from "@/lib/api";

/** POST /api/invitations/check: for a pending link, whom it invites and as what; otherwise where it stands and whom to ask. */
export function checkInvitation(token: string): Promise<Answer<InvitationCheck>> {
  return send("POST", "/api/invitations/check", { body: { token } });
}

export interface InvitationAcceptance {
  token: string;
  username: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** POST /api/invitations/accept: makes the account and signs the person in. */
export function acceptInvitation(values: InvitationAcceptance): Promise<Answer<PublicUser>> {
  return send("POST", "/api/invitations/accept", { body: values });
}
