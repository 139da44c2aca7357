import { useAdminUsers, userLabel } from "../api/get-admin-users";

/** The people who can fly a job: admins and pilots (every account that is not a customer). */
export function StaffOptions() {
  const users = useAdminUsers();
  return (
    <>
      {(users.data ?? [])
        .filter((user) => user.role !== "customer")
        .map((user) => (
          <option key={user.id} value={String(user.id)}>
            {userLabel(user)}
          </option>
        ))}
    </>
  );
}
