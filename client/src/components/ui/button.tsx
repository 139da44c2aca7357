import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

// Every class is `low:` (index.css), so a className given beside the variants overrides them; the
// text size and the lettering belong to the size and the variant, so no two of these overlap.
const LABEL_LETTERING = "low:font-mono low:uppercase low:tracking-[0.12em]";

export const buttonVariants = cva(
  "low:inline-flex low:items-center low:justify-center low:gap-2 low:whitespace-nowrap low:rounded-md low:font-semibold low:transition-colors low:focus-visible:outline-2 low:focus-visible:outline-offset-2 low:focus-visible:outline-ring low:disabled:pointer-events-none low:disabled:opacity-60 low:[&_svg]:size-4 low:[&_svg]:shrink-0",
  {
    variants: {
      variant: {
        default: `${LABEL_LETTERING} low:bg-primary low:text-primary-foreground low:shadow-[0_0_24px_-6px_var(--primary)] low:hover:bg-primary/90`,
        outline: `${LABEL_LETTERING} low:border low:border-primary/60 low:bg-transparent low:text-primary low:hover:bg-primary/10`,
        ghost: `${LABEL_LETTERING} low:text-foreground low:hover:bg-muted`,
        // Dark text on the light red of the dark theme, white on the deep red of the light one (AA both).
        destructive: `${LABEL_LETTERING} low:bg-destructive low:text-white low:hover:bg-destructive/90 low:dark:text-background`,
        link: "low:font-mono low:normal-case low:tracking-normal low:text-primary low:underline-offset-4 low:hover:underline",
      },
      size: {
        default: "low:h-10 low:px-5 low:text-sm",
        sm: "low:h-9 low:px-3 low:text-xs",
        lg: "low:h-12 low:px-7 low:text-sm",
        icon: "low:size-10 low:text-sm",
      },
    },
    defaultVariants: { variant: "default", size: "default" },
  },
);

export type ButtonProps = ComponentProps<"button"> & VariantProps<typeof buttonVariants>;

/** A button; a link that looks like one takes `buttonVariants` (a Slot-based asChild would put Radix's Slot in every page's first load). */
export function Button({ className, variant, size, ...props }: ButtonProps) {
  return <button className={cn(buttonVariants({ variant, size }), className)} {...props} />;
}
