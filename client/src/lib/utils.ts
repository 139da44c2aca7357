import { type ClassValue, clsx } from "clsx";
import { twMerge } from "tailwind-merge";

/**
 * Joins class names. Nothing is merged at run time (tailwind-merge was 5.5 KB of every page's first
 * load: docs/decisions/0041-component-classes-in-a-lower-layer.md): a component marks its own
 * classes `low:` (index.css), which puts them in a cascade layer below every other utility, so a
 * class its caller passes wins whatever the order of the stylesheet. What must never happen is two
 * classes of the same layer setting the same property ("text-sm text-xs", "low:p-6 low:p-4"): the
 * stylesheet's order would pick one. In development and in the unit tests, tailwind-merge finds
 * such a pair and this throws, naming it.
 */
export function cn(...inputs: ClassValue[]): string {
  const classes = clsx(inputs);
  if (import.meta.env.DEV) assertNoConflict(classes);
  return classes;
}

function assertNoConflict(classes: string): void {
  const kept = new Set(twMerge(classes).split(" "));
  const dropped = classes.split(" ").filter((name) => name !== "" && !kept.has(name));
  if (dropped.length > 0) throw new Error(`Conflicting classes in one layer: ${dropped.join(" ")} overridden in "${classes}"`);
}
