import { type BrandColors, brandStylesheet } from "@common/brand";
import { BRAND_STYLE_ELEMENT_ID } from "@common/site";

/**
 * Puts the brand's colours just saved in the page's own <style> (the one the server's HTML carries,
 * or a new one), so the back office shows them at once rather than after a reload.
 */
export function applyBrandColors(colors: BrandColors): void {
  const css = brandStylesheet(colors);
  let element = document.getElementById(BRAND_STYLE_ELEMENT_ID);
  if (!element) {
    if (!css) return;
    element = document.createElement("style");
    element.id = BRAND_STYLE_ELEMENT_ID;
    document.head.append(element);
  }
  element.textContent = css;
}
