import { useEffect } from "react";
import { useLocation } from "wouter";
import { NOT_FOUND_META, type PageSeo, pageMeta, routeFor } from "@common/routes";
import { HOME_PAGE_KEY } from "@common/site-page-keys";
import { addedPageMeta } from "@/features/marketing/content/page-documents";
import { readPublishedDocument } from "@/features/marketing/content/published-pages";
import { mayBeServicePage } from "@/features/marketing/seo/page-seo";
import { getSiteConfig } from "@/lib/site-config";

function setContent(selector: string, attribute: "content" | "href", value: string): void {
  document.head.querySelector(selector)?.setAttribute(attribute, value);
}

/**
 * Keeps the tab title and the page's description, canonical and Open Graph address in step with
 * client-side navigation; the first load already has them from the prerendered or served <head>. The
 * title and description are decided as the prerender decides them (common/routes.ts pageMeta), the
 * page document's own where the owner wrote one, so the tab never disagrees with the page's HTML.
 */
export function DocumentMeta() {
  const [pathname] = useLocation();
  useEffect(() => {
    let current = true;
    const show = (seo?: PageSeo) => {
      if (!current) return;
      const { title, description } = pageMeta(routeFor(pathname) ?? addedPageMeta(pathname.slice(1)) ?? NOT_FOUND_META, getSiteConfig().businessName, seo);
      // The server wrote the canonical origin (PUBLIC_URL) into the first page; keep using it.
      const canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
      const url = (canonical ? new URL(canonical.href).origin : window.location.origin) + pathname;
      document.title = title;
      setContent('meta[name="description"]', "content", description);
      setContent('link[rel="canonical"]', "href", url);
      setContent('meta[property="og:title"]', "content", title);
      setContent('meta[property="og:description"]', "content", description);
      setContent('meta[property="og:url"]', "content", url);
    };
    // The page's own published document, as the page read it (the same fetch, made once); none while nothing was published.
    if (pathname === "/" || mayBeServicePage(pathname))
      readPublishedDocument(pathname === "/" ? HOME_PAGE_KEY : pathname.slice(1)).then(
        (document) => show(document?.seo),
        () => show(),
      );
    else show();
    return () => {
      current = false;
    };
  }, [pathname]);
  return null;
}
