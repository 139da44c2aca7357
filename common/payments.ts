import { z } from "zod";
import { usernameSkeleton } from "./usernames";
import { MAX_ID } from "./validation";

export const PAYMENT_PROVIDERS = ["stripe", "demo"] as const;
export type PaymentProviderKind = (typeof PAYMENT_PROVIDERS)[number];
/** Who a payment record came through: a card provider, or "offline" for money an admin recorded (a bank transfer, a cheque). */
export const PAYMENT_RECORD_PROVIDERS = [...PAYMENT_PROVIDERS, "offline"] as const;

/** Our own record of a payment; Stripe's finer states map onto these. */
export const PAYMENT_STATUSES = ["pending", "processing", "succeeded", "failed", "canceled"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** /checkout without query parameters (docs/product.md §2, §9): amount in US dollars. */
const CHECKOUT_DEFAULTS = { service: "Custom Service", amount: 500 } as const;
const MAX_PAYMENT_DOLLARS = 100_000;

export const paymentMessages = {
  amount: "Amount must be a whole number of dollars from 1 to 100,000",
  service: "Service must be between 1 and 100 characters",
  notConfigured: "Payments are not configured",
  demoNotice: "Demo mode — no card is charged",
  quoteNotPayable: "This quote has no accepted price to pay",
  quotePaid: "This quote has already been paid",
  alreadySubscribed: "You are already subscribed to this service",
  serviceUnavailable: "This service is not available",
  paymentDone: "This payment has already been completed",
  paymentCanceled: "This payment was cancelled; start again from checkout",
  paymentNotFound: "Payment not found",
  quoteProcessing: "A payment for this quote is being processed; check your dashboard before paying again",
  estimateNotAccepted: "Accept the estimate before paying its deposit",
  noDeposit: "This estimate asks for no deposit",
  depositPaid: "This deposit has already been paid",
  invoiceNotPayable: "This invoice has nothing left to pay",
  processing: "A payment for this is being processed; check your dashboard before paying again",
  tooManyAttempts: "Too many payments started in the last hour. Please try again later.",
} as const;

/** The message naming the catalogue service a look-alike name imitates. */
export const lookAlikeServiceMessage = (catalogueName: string) =>
  `This name imitates the catalogue service "${catalogueName}"; choose that service instead`;

/** How a service name is compared with the catalogue's: NFKC, trimmed, spaces collapsed, case folded. */
export function serviceNameKey(name: string): string {
  return name.normalize("NFKC").trim().replace(/\s+/g, " ").toLowerCase();
}

/**
 * What a person reading the name would see: the key without spaces or invisible characters, with
 * look-alike letters of other scripts folded (the same map as usernames).
 */
export function serviceNameSkeleton(name: string): string {
  return usernameSkeleton(serviceNameKey(name).replace(/[\s\p{Cf}]/gu, ""));
}

const amountSchema = z.coerce.number().int().min(1).max(MAX_PAYMENT_DOLLARS);

/** A payment for a stored thing (a quote, a service, an estimate's deposit, an invoice) is charged what the server has for it; `amount` is not read. */
const chargesOwnAmount = (body: { quoteId?: number | undefined; serviceId?: number | undefined; estimateId?: number | undefined; invoiceId?: number | undefined }) =>
  body.quoteId !== undefined || body.serviceId !== undefined || body.estimateId !== undefined || body.invoiceId !== undefined;

/**
 * POST /api/create-payment-intent (docs/product.md §7: amount, service; quoteId and serviceId are ours). With a
 * quote or a catalogue service chosen by id, its price is charged and `amount` is not looked at (it
 * may carry cents from the address).
 */
export const createPaymentIntentSchema = z
  .object({
    amount: z.unknown().optional(),
    service: z.string({ message: paymentMessages.service }).trim().min(1, paymentMessages.service).max(100, paymentMessages.service),
    quoteId: z.number().int().positive().max(MAX_ID).optional(),
    /** A catalogue service chosen by id: charged its catalogue price, whatever `service` says. */
    serviceId: z.number().int().positive().max(MAX_ID).optional(),
    /** An accepted estimate: charged what is left of its deposit (issue 16). */
    estimateId: z.number().int().positive().max(MAX_ID).optional(),
    /** An invoice: charged its balance. */
    invoiceId: z.number().int().positive().max(MAX_ID).optional(),
  })
  .superRefine((body, context) => {
    if (!chargesOwnAmount(body) && !amountSchema.safeParse(body.amount).success) context.addIssue({ code: "custom", path: ["amount"], message: paymentMessages.amount });
  })
  .transform((body) => ({ ...body, amount: chargesOwnAmount(body) ? 0 : amountSchema.parse(body.amount) }));

/** Subscription statuses (Stripe's names) in which the customer has the service: Subscribe stays disabled. */
export const LIVE_SUBSCRIPTION_STATUSES: readonly string[] = ["active", "trialing", "past_due"];

export const createSubscriptionSchema = z.object({ serviceId: z.number().int().positive() });
export const updateSubscriptionSchema = z.object({ cancelAtPeriodEnd: z.boolean() });

/** The query of /checkout: what to pay for. Only `service` and `amount` come from docs/product.md §2. */
export interface CheckoutRequest {
  service: string;
  /** As typed in the address; the server validates it (400 when it is not whole dollars). */
  amount: number;
  quoteId?: number;
  /** An accepted estimate whose deposit to pay (estimate=). */
  estimateId?: number;
  /** An invoice whose balance to pay (invoice=). */
  invoiceId?: number;
  /** A catalogue service to subscribe to monthly. */
  subscribeServiceId?: number;
}

const positiveIdOf = (value: string | null) => (value && /^\d+$/.test(value) ? Number(value) : undefined);

export function parseCheckoutQuery(search: string): CheckoutRequest {
  const params = new URLSearchParams(search);
  const amount = params.get("amount");
  return {
    service: params.get("service")?.trim() || CHECKOUT_DEFAULTS.service,
    amount: amount === null || amount.trim() === "" ? CHECKOUT_DEFAULTS.amount : Number(amount),
    quoteId: positiveIdOf(params.get("quote")),
    estimateId: positiveIdOf(params.get("estimate")),
    invoiceId: positiveIdOf(params.get("invoice")),
    subscribeServiceId: positiveIdOf(params.get("subscribe")),
  };
}

export function checkoutHref({ service, amount, quoteId, estimateId, invoiceId, subscribeServiceId }: CheckoutRequest): string {
  const params = new URLSearchParams({ service, amount: String(amount) });
  if (quoteId !== undefined) params.set("quote", String(quoteId));
  if (estimateId !== undefined) params.set("estimate", String(estimateId));
  if (invoiceId !== undefined) params.set("invoice", String(invoiceId));
  if (subscribeServiceId !== undefined) params.set("subscribe", String(subscribeServiceId));
  return `/checkout?${params}`;
}

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
    .pipe(z.string().regex(/^\d{13,19}$/, cardMessages.numberIncomplete).refine(passesLuhn, cardMessages.numberInvalid)),
  expiry: z
    .string()
    .refine((value) => expiryEndOf(value) !== null, cardMessages.expiryIncomplete)
    .refine((value) => (expiryEndOf(value)?.getTime() ?? 0) > Date.now(), cardMessages.expiryPast),
  cvc: z.string().trim().regex(/^\d{3,4}$/, cardMessages.cvcIncomplete),
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
