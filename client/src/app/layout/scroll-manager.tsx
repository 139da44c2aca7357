import { useEffect } from "react";
import { useLocation } from "wouter";

/** On each new page: scroll to the address's #anchor if it has one, otherwise to the top (docs/product.md §2). */
export function ScrollManager() {
  const [pathname] = useLocation();
  useEffect(() => {
    const hash = decodeURIComponent(window.location.hash.slice(1));
    if (!hash) {
      window.scrollTo(0, 0);
      return;
    }
    // Lazily loaded pages render their sections a moment after the route changes.
    let tries = 0;
    const timer = setInterval(() => {
      const target = document.getElementById(hash);
      if (target || ++tries > 40) {
        clearInterval(timer);
        target?.scrollIntoView({ block: "start" });
      }
    }, 50);
    return () => clearInterval(timer);
  }, [pathname]);
  return null;
}
