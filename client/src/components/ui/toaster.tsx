import { X } from "lucide-react";
import { Toast } from "radix-ui";
import { dismissToast, TOAST_DURATION_MS, useToasts } from "@/lib/use-toast";
import { cn } from "@/lib/utils";

/** docs/product.md §9: swipe right past 50 px to dismiss; F8 focuses the viewport labelled Notifications. */
const TOAST_SWIPE_THRESHOLD_PX = 50;
const TOAST_HOTKEY = ["F8"];

const variants = {
  default: "border-primary/40",
  success: "border-success/60",
  destructive: "border-destructive/70",
} as const;

export function Toaster() {
  const toasts = useToasts();
  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD_PX} label="Notification">
      {toasts.map(({ id, title, description, variant = "default", open }) => (
        <Toast.Root
          key={id}
          open={open}
          onOpenChange={(isOpen) => {
            if (!isOpen) dismissToast(id);
          }}
          className={cn(
            "hud-frame group pointer-events-auto relative flex w-full items-start gap-3 rounded-md border bg-card p-4 pr-10 text-card-foreground shadow-xl",
            "data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)]",
            "data-[state=closed]:opacity-0 transition-opacity",
            variants[variant],
          )}
        >
          <div className="grid gap-1">
            {title ? <Toast.Title className={cn("font-semibold", variant === "destructive" && "text-destructive")}>{title}</Toast.Title> : null}
            {description ? <Toast.Description className="text-sm text-muted-foreground">{description}</Toast.Description> : null}
          </div>
          <Toast.Close aria-label="Close notification" className="absolute right-2 top-2 rounded-sm p-1 text-muted-foreground hover:text-foreground">
            <X className="size-4" aria-hidden />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport
        hotkey={TOAST_HOTKEY}
        label="Notifications"
        className="fixed bottom-0 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none sm:max-w-[420px]"
      />
    </Toast.Provider>
  );
}
