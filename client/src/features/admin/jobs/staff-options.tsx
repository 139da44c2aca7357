import { useAdminUsers } from "../api/get-admin-users";
import { UserOptions } from "../choice-options";

/** The people who can fly a job: admins and pilots (every account that is not a customer). */
export function StaffOptions() {
  const users = useAdminUsers();
  return <UserOptions users={(users.data ?? []).filter((user) => user.role !== "customer")} />;
}
