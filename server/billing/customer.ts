import { users } from "../db/schema";
import { personName } from "@common/person-name";

/** The job's customer as an estimate or invoice read selects them (joined through its job). */
export const billedCustomerColumns = { id: users.id, username: users.username, firstName: users.firstName, lastName: users.lastName, email: users.email };

/** The customer block of an estimate or invoice on the wire: `{ id, name, email }`. */
export const billedCustomer = (customer: { id: number; username: string; firstName: string; lastName: string; email: string }) => ({
  id: customer.id,
  name: personName(customer),
  email: customer.email,
});
