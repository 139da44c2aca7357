import { z } from "zod";
import { id } from "./wire";

/** The customer block of an estimate or invoice: who is billed, and where (the billing address, several lines). */
export const billedCustomerSchema = z.object({ id, name: z.string(), email: z.string(), company: z.string(), billingAddress: z.string() });
