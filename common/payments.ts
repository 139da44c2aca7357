import { z } from "zod";
import { usernameSkeleton } from "./usernames";
import { MAX_ID } from "./validation";
import { paymentMessages } from "./checkout";
import { oneLine } from "./one-line";

export const PAYMENT_PROVIDERS = ["stripe", "demo"] as const;
export type PaymentProviderKind = (typeof PAYMENT_PROVIDERS)[number];
/** Who a payment record came through: a card provider, or "offline" for money an admin recorded (a bank transfer, a cheque). */
export const PAYMENT_RECORD_PROVIDERS = [...PAYMENT_PROVIDERS, "offline"] as const;

/** Our own record of a payment; Stripe's finer states map onto these. */
export const PAYMENT_STATUSES = ["pending", "processing", "succeeded", "failed", "canceled"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

const MAX_PAYMENT_DOLLARS = 100_000;

/** The message naming the catalogue service a look-alike name imitates. */
export const lookAlikeServiceMessage = (catalogueName: string) => `This name imitates the catalogue service "${catalogueName}"; choose that service instead`;

// Punctuation, symbols, spaces and invisible characters around a name: "Solar Fleet Monitoring." is
// the catalogue's "Solar Fleet Monitoring" as any reader takes it.
const AROUND = /^[\s\p{P}\p{S}\p{Cf}]+|[\s\p{P}\p{S}\p{Cf}]+$/gu;

/**
 * How a service name is compared with the catalogue's: NFKC, without the punctuation, symbols and
 * spaces around it, spaces inside collapsed, case folded. A name with the same key is charged the
 * catalogue's price, never the amount the address carries.
 */
export function serviceNameKey(name: string): string {
  // Stripped before NFKC too, which would make a trailing "™" letters ("TM").
  return name.replace(AROUND, "").normalize("NFKC").replace(AROUND, "").replace(/\s+/g, " ").toLowerCase();
}

/**
 * What a person reading the name would see: the key without spaces, punctuation or invisible
 * characters, with look-alike letters of other scripts folded (the same map as usernames). A name
 * with a catalogue service's skeleton but not its key ("Solar-Fleet Monitoring") is refused.
 */
export function serviceNameSkeleton(name: string): string {
  return usernameSkeleton(serviceNameKey(name).replace(/[\s\p{P}\p{Cf}]/gu, ""));
}

const amountSchema = z.coerce.number().int().min(1).max(MAX_PAYMENT_DOLLARS);

/** A payment for a stored thing (a quote, a service, an estimate's deposit, an invoice) is charged what the server has for it; `amount` is not read. */
const chargesOwnAmount = (body: {
  quoteId?: number | undefined;
  serviceId?: number | undefined;
  estimateId?: number | undefined;
  invoiceId?: number | undefined;
}) => body.quoteId !== undefined || body.serviceId !== undefined || body.estimateId !== undefined || body.invoiceId !== undefined;

/**
 * POST /api/create-payment-intent (docs/product.md §7: amount, service; quoteId and serviceId are ours). With a
 * quote or a catalogue service chosen by id, its price is charged and `amount` is not looked at (it
 * may carry cents from the address).
 */
export const createPaymentIntentSchema = z
  .object({
    amount: z.unknown().optional(),
    service: oneLine("Service", paymentMessages.service).min(1, paymentMessages.service).max(100, paymentMessages.service),
    quoteId: z.number().int().positive().max(MAX_ID).optional(),
    /** A catalogue service chosen by id: charged its catalogue price, whatever `service` says. */
    serviceId: z.number().int().positive().max(MAX_ID).optional(),
    /** An accepted estimate: charged what is left of its deposit. */
    estimateId: z.number().int().positive().max(MAX_ID).optional(),
    /** An invoice: charged its balance. */
    invoiceId: z.number().int().positive().max(MAX_ID).optional(),
  })
  .superRefine((body, context) => {
    if (!chargesOwnAmount(body) && !amountSchema.safeParse(body.amount).success)
      context.addIssue({ code: "custom", path: ["amount"], message: paymentMessages.amount });
  })
  .transform((body) => ({ ...body, amount: chargesOwnAmount(body) ? 0 : amountSchema.parse(body.amount) }));

export const createSubscriptionSchema = z.object({ serviceId: z.number().int().positive() });
export const updateSubscriptionSchema = z.object({ cancelAtPeriodEnd: z.boolean() });

// ---- The demo provider's card form: Stripe's test cards and Stripe's wording. ----

export const DEMO_CARDS = {
  success: "4242424242424242",
  declined: "4000000000000002",
  insufficientFunds: "4000000000009995",
} as const;

export const cardMessages = {
  numberIncomplete: "Your card number is incomplete.",
  numberInvalid: "Your card number is invalid.",
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryPast: "Your card's expiration date is in the past.",
  cvcIncomplete: "Your card's security code is incomplete.",
  declined: "Your card was declined.",
  insufficientFunds: "Your card has insufficient funds.",
  unknownTestCard: "Your card was declined. Demo mode accepts the test card 4242 4242 4242 4242.",
} as const;

const digitsOf = (value: string) => value.replace(/[\s-]/g, "");

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** "MM / YY" → the first moment after the card's last valid month, or null when unreadable. */
function expiryEndOf(value: string): Date | null {
  const match = /^\s*(0[1-9]|1[0-2])\s*\/\s*(\d{2})\s*$/.exec(value);
  if (!match) return null;
  return new Date(Date.UTC(2000 + Number(match[2]), Number(match[1]), 1));
}

export const demoCardSchema = z.object({
  cardNumber: z
    .string()
    .transform(digitsOf)
    .pipe(
      z
        .string()
        .regex(/^\d{13,19}$/, cardMessages.numberIncomplete)
        .refine(passesLuhn, cardMessages.numberInvalid),
    ),
  expiry: z
    .string()
    .refine((value) => expiryEndOf(value) !== null, cardMessages.expiryIncomplete)
    .refine((value) => (expiryEndOf(value)?.getTime() ?? 0) > Date.now(), cardMessages.expiryPast),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, cardMessages.cvcIncomplete),
});
export type DemoCard = z.input<typeof demoCardSchema>;

export const demoConfirmSchema = demoCardSchema.extend({ clientSecret: z.string().min(1).max(200) });

/** The demo provider's verdict on a well-formed card: null succeeds, otherwise the decline message. */
export function demoDeclineOf(cardNumber: string): string | null {
  switch (digitsOf(cardNumber)) {
    case DEMO_CARDS.success:
      return null;
    case DEMO_CARDS.declined:
      return cardMessages.declined;
    case DEMO_CARDS.insufficientFunds:
      return cardMessages.insufficientFunds;
    default:
      return cardMessages.unknownTestCard;
  }
}
