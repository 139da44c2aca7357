import { useEffect } from "react";
import { useLocation } from "wouter";
import { pageMetaFor } from "@common/routes";
import { getSiteConfig } from "@/lib/site-config";

function setContent(selector: string, attribute: "content" | "href", value: string): void {
  document.head.querySelector(selector)?.setAttribute(attribute, value);
}

/**
 * Keeps the tab title and the page's description, canonical and Open Graph address in step with
 * client-side navigation; the first load already has them from the prerendered or served <head>.
 */
export function DocumentMeta() {
  const [pathname] = useLocation();
  useEffect(() => {
    const { title, description } = pageMetaFor(pathname, getSiteConfig().businessName);
    // The server wrote the canonical origin (PUBLIC_URL) into the first page; keep using it.
    const canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    const url = (canonical ? new URL(canonical.href).origin : window.location.origin) + pathname;
    document.title = title;
    setContent('meta[name="description"]', "content", description);
    setContent('link[rel="canonical"]', "href", url);
    setContent('meta[property="og:title"]', "content", title);
    setContent('meta[property="og:description"]', "content", description);
    setContent('meta[property="og:url"]', "content", url);
  }, [pathname]);
  return null;
}
