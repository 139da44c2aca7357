import type { ComponentProps } from "react";
import type { PublicUser } from "@common/contract/users";
import { NativeSelect } from "@/components/ui/input";
import { useAdminUsers } from "../api/get-admin-users";
import { UserOptions } from "../choice-options";

/** The people who can fly a job: admins and pilots (every account that is not a customer). */
const staffOf = (users: readonly PublicUser[] | undefined) => (users ?? []).filter((user) => user.role !== "customer");

export function StaffOptions() {
  const users = useAdminUsers();
  return <UserOptions users={staffOf(users.data)} />;
}

/**
 * A select of the staff after its own options (`children`). It renders the select itself, so the
 * select renders anew when the list arrives and a controlled value (a job's pilot, chosen before
 * the list was loaded) shows as chosen.
 */
export function StaffSelect({ children, ...props }: ComponentProps<typeof NativeSelect>) {
  const users = useAdminUsers();
  return (
    <NativeSelect {...props}>
      {children}
      <UserOptions users={staffOf(users.data)} />
    </NativeSelect>
  );
}
