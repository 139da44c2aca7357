/**
 * Light formatting while typing, as card forms do: "4242424242424242" reads as
 * "4242 4242 4242 4242" and "1234" as "12 / 34". The schema ignores the spacing either way.
 */
export function formatCardNumber(value: string): string {
  const digits = value.replace(/\D/g, "").slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, "$1 ");
}

export function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, "").slice(0, 4);
  // A lone first digit above 1 can only be a month written without its leading zero.
  const month = /^[2-9]/.test(digits) ? `0${digits}` : digits;
  return month.length < 2 ? month : `${month.slice(0, 2)} / ${month.slice(2, 4)}`;
}

export function formatCvc(value: string): string {
  return value.replace(/\D/g, "").slice(0, 4);
}
