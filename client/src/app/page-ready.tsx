import { useEffect } from "react";

/**
 * Sets <html data-ready> once the first screen's own content is interactive: committed in the
 * browser, or adopted from the prerendered HTML with its lazily loaded code. Rendered inside the
 * router's Suspense boundary, so it commits together with the page. Browser tests wait for it
 * before they click, since a click on HTML that React has not adopted yet does nothing.
 */
export function PageReady() {
  useEffect(() => {
    document.documentElement.dataset.ready = "true";
  }, []);
  return null;
}
