/** An outlined destructive button: the filled variant's white-on-red fails contrast in the dark theme. */
export const DESTRUCTIVE_OUTLINE = "border-destructive/70 text-destructive hover:bg-destructive/10";
