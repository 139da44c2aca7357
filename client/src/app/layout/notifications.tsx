import { lazy, Suspense } from "react";
import { useToasts } from "@/lib/use-toast";

// Radix Toast is about a tenth of the home page's JavaScript and most visits never see a toast:
// the viewport and its F8 hotkey load with the first toast and then stay.
const Toaster = lazy(() => import("@/components/ui/toaster").then((module) => ({ default: module.Toaster })));

let wanted = false;

export function Notifications() {
  const toasts = useToasts();
  if (toasts.length > 0) wanted = true;
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
