import { useQueryClient } from "@tanstack/react-query";
import { Save } from "lucide-react";
import { type FormEvent, useState } from "react";
import type { PublicUser } from "@common/contract/users";
import { sessionKeys } from "@/api/session";
import { RequireAuth } from "@/components/require-auth";
import { Card } from "@/components/ui/card";
import { FormField, InputField, fieldAria } from "@/components/ui/form-field";
import { PageHeading } from "@/components/ui/page-heading";
import { SubmitButton } from "@/components/ui/submit-button";
import { toast } from "@/lib/use-toast";
import { withQueries } from "@/lib/with-queries";
import { type ProfileChange, updateProfile } from "./api/update-profile";

const FIELDS = ["firstName", "lastName", "email", "phone", "company", "billingAddress", "currentPassword", "newPassword"] as const;
type Field = (typeof FIELDS)[number];

const errorsOf = (body: unknown): Partial<Record<Field, string>> =>
  typeof body === "object" && body !== null && "errors" in body && typeof body.errors === "object" && body.errors !== null
    ? (body.errors as Partial<Record<Field, string>>)
    : {};

/** The profile form: every field sent as shown; the server checks them and names the field in error. */
function ProfileForm({ user }: { user: PublicUser }) {
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const change: ProfileChange = {};
    for (const field of FIELDS) {
      const value = data.get(field);
      // Passwords are sent only when typed: empty means "keep it".
      if (typeof value === "string" && (value !== "" || !field.endsWith("Password"))) change[field] = value;
    }
    setBusy(true);
    const result = await updateProfile(change);
    setBusy(false);
    if (result.ok) {
      setErrors({});
      queryClient.setQueryData(sessionKeys.user, result.data.data);
      for (const field of ["currentPassword", "newPassword"] as const) {
        const control = form.elements.namedItem(field);
        if (control instanceof HTMLInputElement) control.value = "";
      }
      toast({ title: "Profile saved", description: result.data.message, variant: "success" });
      return;
    }
    const found = errorsOf(result.body);
    setErrors(found);
    const first = FIELDS.find((field) => found[field]);
    const control = first ? form.elements.namedItem(first) : null;
    if (control instanceof HTMLElement) control.focus();
    toast({ title: "Could not save your profile", description: result.message ?? "Please try again.", variant: "destructive" });
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Profile" className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField
          id="profile-first-name"
          name="firstName"
          label="First Name"
          defaultValue={user.firstName}
          error={errors.firstName}
          autoComplete="given-name"
        />
        <InputField id="profile-last-name" name="lastName" label="Last Name" defaultValue={user.lastName} error={errors.lastName} autoComplete="family-name" />
        <InputField id="profile-email" name="email" label="Email" type="email" defaultValue={user.email} error={errors.email} autoComplete="email" />
        <InputField id="profile-phone" name="phone" label="Phone" type="tel" defaultValue={user.phone} error={errors.phone} autoComplete="tel" />
        <InputField id="profile-company" name="company" label="Company" defaultValue={user.company} error={errors.company} autoComplete="organization" />
      </div>
      <FormField id="profile-billing-address" label="Billing Address" error={errors.billingAddress}>
        <textarea
          id="profile-billing-address"
          name="billingAddress"
          rows={3}
          defaultValue={user.billingAddress}
          autoComplete="street-address"
          className="w-full rounded-md border border-input bg-background px-3 py-2 text-sm"
          {...fieldAria("profile-billing-address", errors.billingAddress)}
        />
      </FormField>
      <fieldset className="space-y-5 border-t pt-5">
        <legend className="text-sm font-semibold">Password</legend>
        <p className="text-sm text-muted-foreground">Enter your current password to change your e-mail or password.</p>
        <div className="grid gap-5 sm:grid-cols-2">
          <InputField
            id="profile-current-password"
            name="currentPassword"
            label="Current Password"
            type="password"
            error={errors.currentPassword}
            autoComplete="current-password"
          />
          <InputField
            id="profile-new-password"
            name="newPassword"
            label="New Password"
            type="password"
            error={errors.newPassword}
            autoComplete="new-password"
          />
        </div>
      </fieldset>
      <SubmitButton icon={Save} busy={busy} busyLabel="Saving...">
        Save Profile
      </SubmitButton>
    </form>
  );
}

/** /account: the signed-in person's own profile, whatever their role (docs/decisions/0058-people-and-invitations.md). */
function AccountPage() {
  return (
    <RequireAuth>
      {(user) => (
        <div className="mx-auto max-w-3xl px-4 py-24 sm:px-6">
          <PageHeading eyebrow="// Account" title="My Profile" />
          <Card className="mt-6">
            <ProfileForm key={user.id} user={user} />
          </Card>
        </div>
      )}
    </RequireAuth>
  );
}

export default withQueries(AccountPage);
