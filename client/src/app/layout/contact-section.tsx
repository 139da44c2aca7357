import { Mail, MapPin, Phone } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import type { SocialLink } from "@common/contract/site-content";
import type { ListResponse } from "@common/contract/wire";
import { Card } from "@/components/ui/card";
import { FacebookIcon, InstagramIcon, LinkedinIcon, TwitterIcon } from "@/components/ui/social-icons";
import { nearViewport } from "@/lib/near-viewport";
import { useSiteConfig } from "@/lib/site-config";

// The form's code (3.5 KB gzip) loads when the reader reaches it, not with the page, so nothing of it
// runs during load. Prerendered pages show it at once; it becomes usable when its code arrives.
const ContactForm = lazy(() => nearViewport("contact").then(() => import("@/features/contact/contact-form")));

// docs/product.md §2: the business's profiles (each network's key is its label in lower case), as the back office's Site tab sets them. A network
// without one keeps the spec's placeholder target rather than vanishing: the icons are in the
// prerendered page and the addresses arrive later, so they never jump or disappear under the reader.
const SOCIAL_LINKS = [
  { label: "Facebook", Icon: FacebookIcon },
  { label: "Twitter", Icon: TwitterIcon },
  { label: "Instagram", Icon: InstagramIcon },
  { label: "LinkedIn", Icon: LinkedinIcon },
] as const;

/**
 * The stored profiles, read as the reader nears the section (GET /api/social-links, asked afresh on
 * each page load), so a change in the back office shows on the next load without a new build.
 * Without an answer the placeholders stay: nothing else of the section depends on it.
 */
function useSocialProfiles(): readonly SocialLink[] {
  const [profiles, setProfiles] = useState<readonly SocialLink[]>([]);
  useEffect(() => {
    void nearViewport("contact")
      .then(() => fetch("/api/social-links"))
      .then((res) => (res.ok ? (res.json() as Promise<ListResponse<SocialLink>>) : undefined))
      .then(
        (links) => links && setProfiles(links.data),
        () => undefined,
      );
  }, []);
  return profiles;
}

function ContactLines({ className }: { className: string }) {
  const { businessPhone, businessEmail, businessAddress } = useSiteConfig();
  return (
    <ul className={className}>
      <li>
        <a href={`tel:${businessPhone.replace(/[^\d+]/g, "")}`} className="flex items-center gap-3 hover:text-primary">
          <Phone aria-hidden className="size-5 text-primary" />
          <span>{businessPhone}</span>
        </a>
      </li>
      <li>
        <a href={`mailto:${businessEmail}`} className="flex items-center gap-3 hover:text-primary">
          <Mail aria-hidden className="size-5 text-primary" />
          <span className="break-all">{businessEmail}</span>
        </a>
      </li>
      {businessAddress.length > 0 ? (
        <li className="flex items-start gap-3">
          <MapPin aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
          <address className="not-italic">
            {businessAddress.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </address>
        </li>
      ) : null}
    </ul>
  );
}

function SocialLinks({ className }: { className: string }) {
  const profiles = useSocialProfiles();
  return (
    <ul className={className} aria-label="Social media">
      {SOCIAL_LINKS.map(({ label, Icon }) => (
        <li key={label}>
          <a
            href={profiles.find(({ network }) => network === label.toLowerCase())?.url ?? "#contact"}
            aria-label={label}
            className="inline-flex size-10 items-center justify-center rounded-md border border-primary/40 text-primary hover:bg-primary/10"
          >
            <Icon aria-hidden className="size-5" />
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * The inquiry form of the compact section, behind "Send an inquiry". Rendered only while open: the
 * content of a closed <details> is skipped by rendering, where its fields' colour transitions (a
 * theme switch) would never finish.
 */
function InquiryDisclosure() {
  const [open, setOpen] = useState(false);
  return (
    <details className="rounded-md border bg-card/60" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="hud-label cursor-pointer px-4 py-3 text-primary">Send an inquiry</summary>
      {open ? (
        <div className="border-t p-4">
          <p className="mb-4 text-sm text-muted-foreground">{INTRO}</p>
          <Suspense fallback={<p className="hud-label text-muted-foreground">Loading form…</p>}>
            <ContactForm />
          </Suspense>
        </div>
      ) : null}
    </details>
  );
}

const INTRO =
  "Book a free consultation. Tell us about your site, fields or project and our flight team will plan the mission with you, at no cost and with no obligation.";

/**
 * The contact section at the end of every page (anchor id `contact`). On a signed-in screen it is
 * compact (docs/product.md §2, Contact section): the same heading, details and form, the form behind
 * "Send an inquiry", so the work above it is what the screen is about.
 */
export function ContactSection({ compact = false }: { compact?: boolean }) {
  if (compact) {
    return (
      <section id="contact" aria-labelledby="contact-heading" className="hud-grid border-t px-4 py-8 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-7xl space-y-4">
          <div className="flex flex-wrap items-center gap-x-8 gap-y-4">
            <div className="min-w-0">
              <p className="hud-label text-[0.7rem] text-primary">// Contact</p>
              <h2 id="contact-heading" className="text-xl font-bold tracking-tight">
                Ready to Elevate Your Business?
              </h2>
            </div>
            <ContactLines className="flex min-w-0 flex-wrap gap-x-6 gap-y-2 text-sm" />
            <SocialLinks className="flex gap-2" />
          </div>
          <InquiryDisclosure />
        </div>
      </section>
    );
  }
  return (
    <section id="contact" aria-labelledby="contact-heading" className="hud-grid border-t px-4 py-20 sm:px-6 lg:px-8">
      <div className="mx-auto grid max-w-7xl gap-12 lg:grid-cols-[2fr_3fr]">
        <div>
          <p className="hud-label mb-3 text-primary">// Contact</p>
          <h2 id="contact-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
            Ready to Elevate Your Business?
          </h2>
          <p className="mt-4 text-lg text-muted-foreground">{INTRO}</p>
          <ContactLines className="mt-8 space-y-4" />
          <SocialLinks className="mt-8 flex gap-3" />
        </div>
        <Card>
          <h3 className="hud-label mb-6 text-primary">Send an inquiry</h3>
          <Suspense fallback={<p className="hud-label text-muted-foreground">Loading form…</p>}>
            <ContactForm />
          </Suspense>
        </Card>
      </div>
    </section>
  );
}
