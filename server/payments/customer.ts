import { eq } from "drizzle-orm";
import { personName } from "@common/person-name";
import type { Database } from "../db/client";
import { type User, users } from "../db/schema";
import type { PaymentProvider } from "./provider";

/** The provider's customer for this user, made at the first payment and remembered. */
export async function providerCustomerOf(db: Database, provider: PaymentProvider, user: User): Promise<string> {
  const customerId = await provider.ensureCustomer({
    userId: user.id,
    email: user.email,
    name: personName(user),
    providerCustomerId: user.paymentCustomerId,
  });
  if (customerId !== user.paymentCustomerId) await db.update(users).set({ paymentCustomerId: customerId }).where(eq(users.id, user.id));
  return customerId;
}
