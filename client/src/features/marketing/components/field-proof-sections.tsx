import { useEffect, useState } from "react";
import type { CaseStudyCard } from "@common/contract/case-studies";
import type { GalleryItem } from "@common/contract/media";
import type { PublicBadge, PublicTestimonial } from "@common/contract/site-content";
import type { ListResponse } from "@common/contract/wire";
import { CaseStudies } from "./case-studies";
import { CertifiedInsured } from "./certified-insured";
import { RecentMissions } from "./recent-missions";
import { Testimonials } from "./testimonials";

/** How many of the newest gallery items the strip shows; the gallery page has them all. */
const RECENT_MISSIONS = 4;

interface FieldProofData {
  missions: GalleryItem[];
  testimonials: PublicTestimonial[];
  caseStudies: CaseStudyCard[];
  badges: PublicBadge[];
}

/** A public list's rows; none when it cannot be had, so the section stays away rather than showing an error. */
async function rowsOf<T>(url: string, signal: AbortSignal): Promise<T[]> {
  try {
    const res = await fetch(url, { signal });
    return res.ok ? ((await res.json()) as ListResponse<T>).data : [];
  } catch {
    return [];
  }
}

// How long the page must be still before the sections may appear: a smooth scroll (Get Quote, View
// Packages) aims at a position it measured when it began, and content added above its target
// mid-way would make it land short.
const STILL_MS = 150;

/**
 * Whether the sections may appear now: only with the page at rest and their place below the screen,
 * so that nothing the reader sees moves and no scroll under way misses its target. A reader who is
 * already past that place (a jump to the contact section) does not get them until the place is below
 * the screen again; no space is held for them, since there may be nothing to show.
 */
function useRevealBelowScreen(markerId: string, ready: boolean): boolean {
  const [revealed, setRevealed] = useState(false);
  useEffect(() => {
    if (!ready || revealed) return;
    let timer = 0;
    const check = () => {
      const marker = document.getElementById(markerId);
      if (marker && marker.getBoundingClientRect().top >= window.innerHeight) setRevealed(true);
    };
    const wait = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(check, STILL_MS);
    };
    wait();
    window.addEventListener("scroll", wait, { passive: true });
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener("scroll", wait);
    };
  }, [markerId, ready, revealed]);
  return revealed;
}

/**
 * Recent missions from the public gallery, the case studies (a service page's: its service's only),
 * the published testimonials, then the current certification and insurance badges; each only when
 * there is something to show (an empty gallery or a failed load leaves no empty frame behind).
 */
export default function FieldProofSections({ markerId, service }: { markerId: string; service?: string | undefined }) {
  const [data, setData] = useState<FieldProofData>();
  useEffect(() => {
    const controller = new AbortController();
    const caseStudiesUrl = service ? `/api/case-studies?service=${encodeURIComponent(service)}` : "/api/case-studies";
    void Promise.all([
      rowsOf<GalleryItem>("/api/gallery", controller.signal),
      rowsOf<CaseStudyCard>(caseStudiesUrl, controller.signal),
      rowsOf<PublicTestimonial>("/api/testimonials", controller.signal),
      rowsOf<PublicBadge>("/api/badges", controller.signal),
    ]).then(([gallery, caseStudies, testimonials, badges]) => {
      if (!controller.signal.aborted) setData({ missions: gallery.slice(0, RECENT_MISSIONS), testimonials, caseStudies, badges });
    });
    return () => controller.abort();
  }, [service]);
  const revealed = useRevealBelowScreen(
    markerId,
    data !== undefined && (data.missions.length > 0 || data.testimonials.length > 0 || data.caseStudies.length > 0 || data.badges.length > 0),
  );
  if (!data || !revealed) return null;
  return (
    <>
      {data.missions.length > 0 ? <RecentMissions items={data.missions} /> : null}
      {data.caseStudies.length > 0 ? <CaseStudies items={data.caseStudies} /> : null}
      {data.testimonials.length > 0 ? <Testimonials items={data.testimonials} /> : null}
      {data.badges.length > 0 ? <CertifiedInsured items={data.badges} /> : null}
    </>
  );
}
