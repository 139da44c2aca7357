// The ops tests run the built server as production does; build it first when the sources changed.
import { buildIfStale } from "../scripts/build-if-stale.mjs";

export default async function setup(): Promise<void> {
  await buildIfStale();
}
