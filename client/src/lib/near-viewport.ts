/**
 * Resolves once the element with this id comes within `margin` of the viewport, so code for the
 * end of a page loads when the reader gets there. Resolves at once where there is no
 * IntersectionObserver (prerendering). The default is the viewport itself: with a margin of 800 px,
 * short pages (the gallery) loaded the contact form with the page, then 40 KB of zod and
 * react-hook-form to run during load (Lighthouse: Total Blocking Time 540 ms on /gallery, 110 ms without).
 */
export function nearViewport(id: string, margin = "0px"): Promise<void> {
  if (typeof IntersectionObserver === "undefined") return Promise.resolve();
  return new Promise((resolve) => {
    const observe = () => {
      const target = document.getElementById(id);
      // Rendered in the browser (not prerendered), the element is committed a frame later.
      if (!target) return void requestAnimationFrame(observe);
      const observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          observer.disconnect();
          resolve();
        },
        { rootMargin: `${margin} 0px` },
      );
      observer.observe(target);
    };
    observe();
  });
}
