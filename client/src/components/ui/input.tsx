import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

const fieldClass =
  "low:w-full low:rounded-md low:border low:border-input low:bg-background/60 low:px-3 low:py-2 low:text-base low:text-foreground low:placeholder:text-muted-foreground/80 low:focus-visible:outline-2 low:focus-visible:outline-offset-1 low:focus-visible:outline-ring low:aria-invalid:border-destructive low:disabled:opacity-60 low:md:text-sm";

export function Input({ className, ...props }: ComponentProps<"input">) {
  return <input className={cn(fieldClass, "low:h-10", className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return <textarea className={cn(fieldClass, "low:min-h-24", className)} {...props} />;
}

/** A native select: accessible, keyboard-friendly and free of script weight. */
export function NativeSelect({ className, ...props }: ComponentProps<"select">) {
  return <select className={cn(fieldClass, "low:h-10 low:appearance-auto", className)} {...props} />;
}
