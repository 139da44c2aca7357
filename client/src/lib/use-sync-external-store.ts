// wouter imports useSyncExternalStore from the use-sync-external-store shim, which exists for React
// before 18; React 19 has it. vite.config.ts points the shim here: 0.4 KB less on every page.
export { useSyncExternalStore } from "react";
