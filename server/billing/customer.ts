import { users } from "../db/schema";
import { personName } from "@common/person-name";

/** The job's customer as an estimate or invoice read selects them (joined through its job). */
export const billedCustomerColumns = {
  id: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  company: users.company,
  billingAddress: users.billingAddress,
};

type BilledCustomerRow = { [Column in keyof typeof billedCustomerColumns]: (typeof billedCustomerColumns)[Column]["_"]["data"] };

/** The customer block of an estimate or invoice on the wire: `{ id, name, email, company, billingAddress }`. */
export const billedCustomer = (customer: BilledCustomerRow) => ({
  id: customer.id,
  name: personName(customer),
  email: customer.email,
  company: customer.company,
  billingAddress: customer.billingAddress,
});
