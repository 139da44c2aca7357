/** Where a file's upload stands, for "3.1 MB/s · 18 s left". */
export interface TransferRate {
  /** Smoothed over the last seconds; null until a second's worth of bytes has been measured. */
  bytesPerSecond: number | null;
  /** null while the speed is unknown or nil. */
  secondsLeft: number | null;
}

/** What the meter keeps between two progress reports. */
export interface RateMeter {
  /** The last report the rate was measured against. */
  mark: { at: number; bytes: number } | null;
  bytesPerSecond: number | null;
}

// A report less than this long after the mark waits for the next: progress events come in bursts.
const MIN_INTERVAL_MS = 500;
// Weight of the newest interval: a connection that slows shows within a few seconds, a burst does not swing it.
const SMOOTHING = 0.3;

export const freshMeter = (): RateMeter => ({ mark: null, bytesPerSecond: null });

/**
 * The meter after a progress report of `bytes` sent at `at` (ms). Measured per interval from the
 * bytes this run sent, not from the start of the upload: after a pause or a resumed upload the
 * bytes already on the server would otherwise count as sent at infinite speed.
 */
export function measure(meter: RateMeter, bytes: number, at: number): RateMeter {
  if (!meter.mark || bytes < meter.mark.bytes) return { mark: { at, bytes }, bytesPerSecond: meter.bytesPerSecond };
  const elapsed = at - meter.mark.at;
  if (elapsed < MIN_INTERVAL_MS) return meter;
  const latest = ((bytes - meter.mark.bytes) * 1000) / elapsed;
  const bytesPerSecond = meter.bytesPerSecond === null ? latest : SMOOTHING * latest + (1 - SMOOTHING) * meter.bytesPerSecond;
  return { mark: { at, bytes }, bytesPerSecond };
}

export function rateOf(meter: RateMeter, bytesLeft: number): TransferRate {
  const { bytesPerSecond } = meter;
  return { bytesPerSecond, secondsLeft: bytesPerSecond ? Math.ceil(bytesLeft / bytesPerSecond) : null };
}
