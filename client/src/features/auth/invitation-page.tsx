import { useQuery, useQueryClient } from "@tanstack/react-query";
import { UserPlus } from "lucide-react";
import { useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { type AcceptInvitationForm, checkAcceptInvitation } from "@common/auth-rules";
import type { InvitationCheck } from "@common/contract/invitations";
import { ROLE_LABELS } from "@common/roles";
import { sessionKeys } from "@/api/session";
import { buttonVariants } from "@/components/ui/button";
import { InputField } from "@/components/ui/form-field";
import { SubmitButton } from "@/components/ui/submit-button";
import { useCheckedForm } from "@/lib/use-checked-form";
import { toast } from "@/lib/use-toast";
import { withQueries } from "@/lib/with-queries";
import { acceptInvitation, checkInvitation } from "./api/invitation";
import { AuthShell } from "./auth-shell";
import { AUTH_FALLBACKS } from "./constants";

type Closed = Exclude<InvitationCheck, { status: "pending" }>;

const CLOSED_TEXT: Record<Closed["status"], { title: string; text: string }> = {
  accepted: { title: "Invitation Already Used", text: "This invitation has already been used to set up an account. You can log in with it." },
  expired: { title: "Invitation Expired", text: "This invitation has expired." },
  revoked: { title: "Invitation Withdrawn", text: "This invitation was withdrawn." },
  unknown: { title: "Invalid Invitation Link", text: "This invitation link is not valid. Check that you opened the whole link from the mail." },
};

/** A link used, withdrawn, expired or never issued: what happened, and whom to ask for a new one. */
function ClosedInvitation({ status, contactEmail }: { status: Closed["status"]; contactEmail: string | undefined }) {
  const { title, text } = CLOSED_TEXT[status];
  return (
    <AuthShell title={title}>
      <p role="status" className="text-sm text-muted-foreground">
        {text}{" "}
        {contactEmail ? (
          <>
            For a new invitation, write to{" "}
            <a href={`mailto:${contactEmail}`} className="text-primary underline-offset-4 hover:underline">
              {contactEmail}
            </a>
            .
          </>
        ) : (
          "For a new invitation, ask the person who invited you."
        )}
      </p>
      <Link href="/login" className={buttonVariants({ variant: "outline", className: "mt-6 w-full" })}>
        Go to Login
      </Link>
    </AuthShell>
  );
}

/** The invited person's username, names and password; the account is made with the invited role, and they are signed in. */
function AcceptForm({ token, invitation }: { token: string; invitation: Extract<InvitationCheck, { status: "pending" }> }) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();

  async function send({ username, password, firstName, lastName }: AcceptInvitationForm) {
    const result = await acceptInvitation({ token, username, password, firstName, lastName });
    if (!result.ok) {
      const description = result.status === null ? AUTH_FALLBACKS.network : (result.message ?? "Could not accept the invitation");
      toast({ title: "Could not accept the invitation", description, variant: "destructive" });
      return;
    }
    queryClient.setQueryData(sessionKeys.user, result.data);
    toast({ title: "Welcome aboard", description: "Your account is ready.", variant: "success" });
    navigate(result.data.role === "customer" ? "/dashboard" : "/admin-dashboard");
  }

  const { errors, isSubmitting, formProps } = useCheckedForm({
    fields: ["username", "firstName", "lastName", "password", "confirmPassword"],
    check: checkAcceptInvitation,
    onValid: send,
  });

  return (
    <form {...formProps} aria-label="Accept invitation" className="space-y-5">
      <p className="text-sm text-muted-foreground">
        You are invited as <strong className="text-foreground">{ROLE_LABELS[invitation.role].toLowerCase()}</strong> with{" "}
        <strong className="text-foreground">{invitation.email}</strong>.
      </p>
      <InputField
        id="invitation-username"
        name="username"
        label="Username"
        error={errors.username}
        defaultValue={invitation.username}
        autoComplete="username"
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField
          id="invitation-first-name"
          name="firstName"
          label="First Name"
          error={errors.firstName}
          defaultValue={invitation.firstName}
          autoComplete="given-name"
        />
        <InputField
          id="invitation-last-name"
          name="lastName"
          label="Last Name"
          error={errors.lastName}
          defaultValue={invitation.lastName}
          autoComplete="family-name"
        />
      </div>
      <InputField id="invitation-password" name="password" label="Password" error={errors.password} type="password" autoComplete="new-password" />
      <InputField
        id="invitation-confirm-password"
        name="confirmPassword"
        label="Confirm Password"
        error={errors.confirmPassword}
        type="password"
        autoComplete="new-password"
      />
      <SubmitButton icon={UserPlus} busy={isSubmitting} busyLabel="Setting up...">
        Accept Invitation
      </SubmitButton>
    </form>
  );
}

/**
 * /invitation?token=…: the mailed link is checked as the page opens; a pending one shows the form,
 * any other says what happened and whom to ask (docs/decisions/0058-people-and-invitations.md).
 */
function InvitationPage() {
  const token = new URLSearchParams(useSearch()).get("token");
  const [checkedToken] = useState(token);
  const check = useQuery({
    queryKey: sessionKeys.invitation(checkedToken),
    queryFn: () => checkInvitation(checkedToken ?? ""),
    enabled: checkedToken !== null && checkedToken !== "",
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });

  if (!checkedToken) return <ClosedInvitation status="unknown" contactEmail={undefined} />;
  if (check.isPending) {
    return (
      <AuthShell title="Accept Invitation">
        <p role="status" className="hud-label text-center text-primary">
          Checking your invitation…
        </p>
      </AuthShell>
    );
  }
  const answer = check.data;
  if (!answer?.ok) {
    return (
      <AuthShell title="Accept Invitation">
        <p role="alert" className="text-sm text-destructive">
          {answer?.message ?? AUTH_FALLBACKS.network}
        </p>
      </AuthShell>
    );
  }
  if (answer.data.status !== "pending") return <ClosedInvitation status={answer.data.status} contactEmail={answer.data.contactEmail} />;
  return (
    <AuthShell title="Accept Invitation">
      <AcceptForm token={checkedToken} invitation={answer.data} />
    </AuthShell>
  );
}

export default withQueries(InvitationPage);
