import { MailPlus } from "lucide-react";
import type { InvitationRow } from "@common/contract/invitations";
import { ROLE_LABELS, ROLES } from "@common/roles";
import { Button } from "@/components/ui/button";
import { DataTable, type TableColumn } from "@/components/ui/data-table";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/panel-states";
import { formatDate } from "@/lib/format";
import { toast } from "@/lib/use-toast";
import { useAddCustomer, useInvitations, useInvite, useRevokeInvitation } from "./api/people";
import { PersonDialog } from "./person-dialog";

const STATUS_LABELS: Record<InvitationRow["status"], string> = { pending: "Pending", accepted: "Accepted", expired: "Expired", revoked: "Withdrawn" };

function RevokeButton({ invitation }: { invitation: InvitationRow }) {
  const revoke = useRevokeInvitation();
  if (invitation.status !== "pending" && invitation.status !== "expired") return null;
  return (
    <Button
      type="button"
      size="sm"
      variant="outline"
      disabled={revoke.isPending}
      aria-label={`Withdraw the invitation to ${invitation.email}`}
      onClick={async () => {
        const answer = await revoke.mutateAsync(invitation.id);
        toast(
          answer.ok
            ? { title: "Invitation withdrawn", variant: "success" }
            : { title: "Could not withdraw", description: answer.message ?? answer.generic, variant: "destructive" },
        );
      }}
    >
      Withdraw
    </Button>
  );
}

const columns: readonly TableColumn<InvitationRow>[] = [
  { header: "E-mail", rowHeader: true, cellClassName: "break-all", cell: (row) => row.email },
  { header: "Name", cell: (row) => [row.firstName, row.lastName].filter(Boolean).join(" ") || "—" },
  { header: "Role", cell: (row) => ROLE_LABELS[row.role] },
  { header: "Status", cell: (row) => STATUS_LABELS[row.status] },
  { header: "Invited by", cell: (row) => row.invitedBy?.name ?? "—" },
  { header: "Sent", cellClassName: "whitespace-nowrap", cell: (row) => <time dateTime={row.createdAt}>{formatDate(row.createdAt)}</time> },
  { header: "", cell: (row) => <RevokeButton invitation={row} /> },
];

/** The back office's way in for new people: Invite (staff or a customer, by mail) and Add customer (a phone-in client). */
export function PeopleActions() {
  const invite = useInvite();
  const addCustomer = useAddCustomer();
  return (
    <div className="flex flex-wrap gap-2">
      <PersonDialog
        trigger="Invite"
        title="Invite someone"
        description="They get a link by mail, good for 7 days, to choose a username and password."
        submit="Send Invitation"
        submitting="Sending..."
        idPrefix="invite"
        fields={[
          { name: "email", label: "Email", kind: "email" },
          { name: "role", label: "Role", kind: "select", initial: "pilot", options: ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] })) },
          { name: "firstName", label: "First Name" },
          { name: "lastName", label: "Last Name" },
        ]}
        send={async (values) => {
          const answer = await invite.mutateAsync(values as Record<string, string>);
          return answer.ok ? { ...answer, data: { message: `Invitation sent to ${answer.data.data.email}` } } : answer;
        }}
        success="Invitation sent"
      />
      <PersonDialog
        trigger="Add customer"
        title="Add a customer"
        description="A customer who called in. Without an invitation they can get in later through a password reset."
        submit="Add Customer"
        submitting="Adding..."
        idPrefix="new-customer"
        fields={[
          { name: "email", label: "Email", kind: "email" },
          { name: "firstName", label: "First Name" },
          { name: "lastName", label: "Last Name" },
          { name: "company", label: "Company" },
          { name: "phone", label: "Phone", kind: "tel" },
          { name: "billingAddress", label: "Billing Address", kind: "textarea" },
          { name: "notes", label: "Notes (never shown to the customer)", kind: "textarea" },
          { name: "invite", label: "Send an invitation by mail", kind: "checkbox", initial: true },
        ]}
        send={(values) => addCustomer.mutateAsync(values)}
        success="Customer added"
      />
    </div>
  );
}

/** Invitations, newest first: to whom, as what, where each stands, who sent it and when; never the link. */
export function InvitationsPanel() {
  const invitations = useInvitations();
  let body;
  if (invitations.isPending) body = <LoadingState label="Loading invitations…" />;
  else if (invitations.isError) body = <ErrorState>Failed to load invitations</ErrorState>;
  else if (invitations.data.length === 0) body = <EmptyState icon={<MailPlus />}>No invitations yet.</EmptyState>;
  else
    body = (
      <div
        role="region"
        aria-labelledby="invitations-caption"
        tabIndex={0}
        className="overflow-x-auto rounded-lg border bg-card/80 focus-visible:outline-2 focus-visible:outline-ring"
      >
        <DataTable
          rows={invitations.data}
          columns={columns}
          caption="Invitations, the newest first"
          captionId="invitations-caption"
          className="w-full min-w-[44rem] border-collapse text-sm"
          headClassName="hud-label px-3 py-2 text-left font-semibold text-muted-foreground"
          cellClassName="px-3 py-2 align-top"
        />
      </div>
    );
  return (
    <section aria-labelledby="invitations-heading" className="space-y-3">
      <h3 id="invitations-heading" className="text-lg font-semibold">
        Invitations
      </h3>
      {body}
    </section>
  );
}
