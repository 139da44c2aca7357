import { Save } from "lucide-react";
import { type FormEvent, useState } from "react";
import { ROLE_LABELS, type Role } from "@common/roles";
import type { ErrorResponse } from "@common/contract/wire";
import { Button } from "@/components/ui/button";
import { fieldAria, FormField } from "@/components/ui/form-field";
import { NativeSelect } from "@/components/ui/input";
import { toast } from "@/lib/use-toast";
import { ConfirmDialog } from "../media/confirm-dialog";
import { useChangeRole } from "./api/change-role";

const FIELD_ID = "customer-role";

/** The order people read the roles in: the many, then the staff. */
const ROLE_ORDER: readonly Role[] = ["customer", "pilot", "admin"];

interface RoleControlProps {
  account: { id: number; role: Role };
  /** How the page names the account: in the confirmation and the button's accessible name. */
  name: string;
}

/**
 * Role: an admin makes the account a customer, a pilot or an admin (PATCH /api/admin/users/{id}).
 * Making an admin asks first: an admin sees and changes everything in the back office. The server's
 * refusal (errors.role: a pilot still flying scheduled jobs, say) shows under the field.
 */
export function RoleControl({ account, name }: RoleControlProps) {
  const [role, setRole] = useState<Role>(account.role);
  const [error, setError] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const change = useChangeRole(account.id);

  const save = async () => {
    setError(undefined);
    const answer = await change.mutateAsync(role);
    setConfirming(false);
    if (!answer.ok) {
      setError((answer.body as ErrorResponse | undefined)?.errors?.role ?? answer.message ?? answer.generic);
      return;
    }
    toast({ title: "Role changed", description: answer.data.message, variant: "success" });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (role === "admin") setConfirming(true);
    else void save();
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Change role" className="flex flex-wrap items-start gap-3">
      <div className="w-full sm:w-56">
        <FormField id={FIELD_ID} label="Role" error={error}>
          <NativeSelect
            id={FIELD_ID}
            value={role}
            onChange={(event) => {
              setRole(event.target.value as Role);
              setError(undefined);
            }}
            {...fieldAria(FIELD_ID, error)}
          >
            {ROLE_ORDER.map((option) => (
              <option key={option} value={option}>
                {ROLE_LABELS[option]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      {/* Level with the select, under the label's line. */}
      <Button type="submit" className="sm:mt-6" disabled={change.isPending || role === account.role}>
        <Save aria-hidden />
        {change.isPending ? "Saving…" : "Save"}
        <span className="sr-only"> the role of {name}</span>
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Make ${name} an admin?`}
        description="An admin sees every customer, job and payment, uploads deliverables, and changes anyone's role but their own."
        confirmLabel="Make admin"
        busy={change.isPending}
        onConfirm={() => void save()}
      />
    </form>
  );
}
