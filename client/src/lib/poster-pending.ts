/** While a video's poster is still being made, the list holding it is read again this often (ms). */
const POSTER_POLL_MS = 3_000;

/**
 * A list's refetchInterval: read it again while any of its items awaits its poster, and stop once
 * none does, as a job's map does while its layers are processed (api/map-layers.ts). The server
 * ends every wait, with a poster or without one (docs/decisions/0050-poster-pending.md).
 */
export const untilPostersArrive = (items: readonly { posterPending: boolean }[] | undefined): number | false =>
  items?.some((item) => item.posterPending) ? POSTER_POLL_MS : false;
