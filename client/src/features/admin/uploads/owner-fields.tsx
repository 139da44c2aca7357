import type { ComponentProps } from "react";
import { FormField, fieldAria } from "@/components/ui/form-field";
import { NativeSelect } from "@/components/ui/input";
import { useActiveServices } from "@/api/services";
import { useAdminUsers } from "../api/get-admin-users";
import { useLoadErrorToast } from "@/lib/use-load-error-toast";
import { ServiceOptions, UserOptions } from "../choice-options";

interface OwnerFieldsProps {
  idPrefix: string;
  userProps: ComponentProps<"select">;
  serviceProps: ComponentProps<"select">;
  userError?: string | undefined;
  serviceError?: string | undefined;
  disabled?: boolean;
}

/** The customer and service pickers both upload forms share. */
export function OwnerFields({ idPrefix, userProps, serviceProps, userError, serviceError, disabled }: OwnerFieldsProps) {
  const users = useAdminUsers();
  const services = useActiveServices();
  useLoadErrorToast(users, "Failed to load users");
  useLoadErrorToast(services, "Failed to load services");
  const customers = (users.data ?? []).filter((user) => user.role === "customer");
  const userId = `${idPrefix}-user`;
  const serviceId = `${idPrefix}-service`;

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField id={userId} label="Customer" error={userError}>
        <NativeSelect id={userId} disabled={disabled || users.isPending} {...fieldAria(userId, userError)} {...userProps}>
          <option value="">{users.isPending ? "Loading customers…" : "Select a customer"}</option>
          <UserOptions users={customers} />
        </NativeSelect>
      </FormField>
      <FormField id={serviceId} label="Service" error={serviceError}>
        <NativeSelect id={serviceId} disabled={disabled || services.isPending} {...fieldAria(serviceId, serviceError)} {...serviceProps}>
          <option value="">{services.isPending ? "Loading services…" : "Select a service"}</option>
          <ServiceOptions services={services.data} />
        </NativeSelect>
      </FormField>
    </div>
  );
}
