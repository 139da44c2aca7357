/**
 * Intl formatters made on first use, not when a page's code loads. The first formatter a page makes
 * loads the browser's locale data: 15–20 ms of CPU on a desktop and four times that on a phone,
 * which would otherwise add to the one long task that runs a page's modules.
 */
function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

/** An en-US date formatter, made when first called. */
export const dateFormat = (options: Intl.DateTimeFormatOptions): (() => Intl.DateTimeFormat) => onFirstUse(() => new Intl.DateTimeFormat("en-US", options));

/** An en-US number formatter, made when first called. */
export const numberFormat = (options: Intl.NumberFormatOptions): (() => Intl.NumberFormat) => onFirstUse(() => new Intl.NumberFormat("en-US", options));
