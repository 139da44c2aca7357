// A smooth scroll aims at where its target was when it began. Content that appears above the target
// on the way (a section loaded as the reader nears it, an image taking its height) would make it land
// short, so until the scroll ends a change in the page's height aims it again. The reader's own
// wheel, touch or key ends that at once: the page never pulls against them.
const READER_INPUT = ["wheel", "touchstart", "keydown", "pointerdown"] as const;

/** How long to keep aiming at most: a scroll that had nowhere to go fires no scrollend, and some browsers have no such event. */
const AIM_AT_MOST_MS = { withScrollend: 3000, without: 1000 };

/** Smoothly scrolls to the element with this id (the browser honours reduced motion), landing on it even if the page grows on the way. */
export function scrollToId(id: string): void {
  const target = document.getElementById(id);
  if (!target) return;
  const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const aim = () => target.scrollIntoView({ behavior: reduce ? "auto" : "smooth", block: "start" });
  aim();
  if (typeof ResizeObserver === "undefined") return;

  let height = document.body.scrollHeight;
  const observer = new ResizeObserver(() => {
    if (document.body.scrollHeight === height) return;
    height = document.body.scrollHeight;
    aim();
  });
  const stop = () => {
    observer.disconnect();
    window.clearTimeout(timer);
    window.removeEventListener("scrollend", stop);
    for (const type of READER_INPUT) window.removeEventListener(type, stop, true);
  };
  const timer = window.setTimeout(stop, "onscrollend" in window ? AIM_AT_MOST_MS.withScrollend : AIM_AT_MOST_MS.without);
  observer.observe(document.body);
  window.addEventListener("scrollend", stop);
  for (const type of READER_INPUT) window.addEventListener(type, stop, { capture: true, passive: true });
}

export const scrollToContact = (): void => scrollToId("contact");
