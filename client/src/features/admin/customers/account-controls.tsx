import type { CustomerDetail } from "@common/contract/customers";
import { Button } from "@/components/ui/button";
import { toast } from "@/lib/use-toast";
import { useChangeAccount } from "./api/people";
import { PersonDialog } from "./person-dialog";

/**
 * The account's profile and standing as the back office changes them: Edit profile (names, e-mail,
 * phone, company, billing address, notes), and Deactivate, which ends the person's sessions and
 * refuses their sign-in while keeping their name on past work, or Reactivate.
 */
export function AccountControls({ account, name, isSelf }: { account: CustomerDetail; name: string; isSelf: boolean }) {
  const change = useChangeAccount(account.id);
  const toggle = async () => {
    const answer = await change.mutateAsync({ active: !account.active });
    toast(
      answer.ok
        ? { title: account.active ? "Deactivated" : "Reactivated", description: answer.data.message, variant: "success" }
        : { title: "Could not change the account", description: answer.message ?? answer.generic, variant: "destructive" },
    );
  };
  return (
    <div className="flex flex-wrap items-center gap-3">
      <PersonDialog
        trigger="Edit profile"
        title={`Edit ${name}`}
        description="The customer sees and edits the same profile, except the notes."
        submit="Save"
        submitting="Saving..."
        idPrefix="edit-account"
        fields={[
          { name: "firstName", label: "First Name", initial: account.firstName },
          { name: "lastName", label: "Last Name", initial: account.lastName },
          { name: "email", label: "Email", kind: "email", initial: account.email },
          { name: "phone", label: "Phone", kind: "tel", initial: account.phone },
          { name: "company", label: "Company", initial: account.company },
          { name: "billingAddress", label: "Billing Address", kind: "textarea", initial: account.billingAddress },
          { name: "notes", label: "Notes (never shown to the customer)", kind: "textarea", initial: account.notes },
        ]}
        send={(values) => change.mutateAsync(values)}
        success="Profile saved"
      />
      {isSelf ? null : (
        <Button type="button" size="sm" variant={account.active ? "destructive" : "outline"} disabled={change.isPending} onClick={() => void toggle()}>
          {account.active ? "Deactivate" : "Reactivate"}
        </Button>
      )}
      {account.active ? null : <p className="text-sm text-muted-foreground">Deactivated: cannot sign in; their name stays on past work.</p>}
    </div>
  );
}
