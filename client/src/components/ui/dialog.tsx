import { X } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import type { ComponentProps, ReactNode } from "react";
import { cn } from "@/lib/utils";
import { Button } from "./button";

/** Radix Dialog: focus is trapped inside, Escape closes, focus returns to the trigger. */
export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
const DialogClose = DialogPrimitive.Close;

export function DialogContent({ className, children, ...props }: ComponentProps<typeof DialogPrimitive.Content>) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-background/80 backdrop-blur-sm" />
      <DialogPrimitive.Content
        // The frame's lower corner mark sits inside the edge: a scrolling box would otherwise scroll 1 px sideways to reach it.
        className={cn(
          "hud-frame low:after:right-0 low:after:bottom-0 low:fixed low:left-1/2 low:top-1/2 low:z-50 low:grid low:max-h-[calc(100dvh-2rem)] low:w-[calc(100%-2rem)] low:max-w-lg low:-translate-x-1/2 low:-translate-y-1/2 low:gap-5 low:overflow-y-auto low:rounded-lg low:border low:bg-card low:p-6 low:text-card-foreground low:shadow-2xl",
          className,
        )}
        {...props}
      >
        {children}
        <DialogPrimitive.Close
          aria-label="Close"
          className="absolute right-3 top-3 rounded-sm p-1 text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
        >
          <X className="size-4" aria-hidden />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("low:space-y-1.5 low:pr-6", className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn("low:text-xl low:font-bold low:tracking-tight", className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn("low:text-sm low:text-muted-foreground", className)} {...props} />;
}

/** A dialog's heading: an optional HUD eyebrow, its title and what it is for. */
export function DialogHeading({ eyebrow, title, description }: { eyebrow?: string; title: ReactNode; description: ReactNode }) {
  return (
    <DialogHeader>
      {eyebrow ? <p className="hud-label text-primary">{eyebrow}</p> : null}
      <DialogTitle>{title}</DialogTitle>
      <DialogDescription>{description}</DialogDescription>
    </DialogHeader>
  );
}

/** A dialog's buttons, right-aligned: the one that backs out first, then `children`. */
export function DialogActions({ closeLabel, closeDisabled, children }: { closeLabel: string; closeDisabled?: boolean; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-end gap-3">
      <DialogClose asChild>
        <Button type="button" variant="ghost" disabled={closeDisabled}>
          {closeLabel}
        </Button>
      </DialogClose>
      {children}
    </div>
  );
}
