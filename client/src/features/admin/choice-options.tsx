import type { Service } from "@common/contract/services";
import type { PublicUser } from "@common/contract/users";
import { userLabel } from "./api/get-admin-users";

// The job, filter and upload forms choose services and people from the same lists, valued by id.

/** One option per catalogue service. */
export function ServiceOptions({ services }: { services: readonly Service[] | undefined }) {
  return (
    <>
      {(services ?? []).map((service) => (
        <option key={service.id} value={String(service.id)}>
          {service.name}
        </option>
      ))}
    </>
  );
}

/** One option per account, named as the back office names people. */
export function UserOptions({ users }: { users: readonly PublicUser[] }) {
  return (
    <>
      {users.map((user) => (
        <option key={user.id} value={String(user.id)}>
          {userLabel(user)}
        </option>
      ))}
    </>
  );
}
