/** Smoothly scrolls to the element with this id (the browser honours reduced motion). */
export function scrollToId(id: string): void {
  const target = document.getElementById(id);
  if (!target) return;
  const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  target.scrollIntoView({ behavior: reduce ? "auto" : "smooth", block: "start" });
}

export const scrollToContact = (): void => scrollToId("contact");
