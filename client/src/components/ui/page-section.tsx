import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { buttonVariants } from "./button";

/** A titled part of a record's page (a job's deliverables, a customer's payments), named by its heading. */
export function PageSection({ id, title, icon, children }: { id: string; title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-4">
      <h2 id={id} className="flex items-center gap-2 text-2xl font-bold tracking-tight [&_svg]:size-6 [&_svg]:text-primary">
        {icon}
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A record page's way back to the list it belongs to; `state` travels with the navigation (the tab to reopen). */
export function BackLink({ href, state, children }: { href: string; state?: unknown; children: ReactNode }) {
  return (
    <Link href={href} state={state} className={buttonVariants({ variant: "outline", size: "sm" })}>
      <ArrowLeft aria-hidden />
      {children}
    </Link>
  );
}
