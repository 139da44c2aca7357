/**
 * The colours a status badge or notice takes, one per meaning, for quotes, payments and
 * subscriptions alike. Tints only in the dark theme: on the light one they pull amber and green
 * text below 4.5:1.
 */
export const STATUS_TONES = {
  waiting: "border-accent/60 bg-transparent text-accent dark:bg-accent/10",
  good: "border-success/60 bg-transparent text-success dark:bg-success/10",
  bad: "border-destructive/60 bg-transparent text-destructive dark:bg-destructive/10",
  info: "border-primary/60 bg-primary/10 text-primary",
  quiet: "border-muted-foreground/60 bg-transparent text-muted-foreground",
} as const;
