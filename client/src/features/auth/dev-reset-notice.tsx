import { TriangleAlert } from "lucide-react";

/** Shown when the server has no mail to send with and hands the reset link back (development only). */
export function DevResetNotice({ href }: { href: string }) {
  return (
    <div role="status" className="mt-5 rounded-md border border-accent/70 bg-accent/10 p-4 text-sm">
      <p className="flex gap-2 text-foreground">
        <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />
        <span>
          <strong>Development Mode:</strong> no mail server is configured, so the reset link opens in a new tab.
        </span>
      </p>
      <a href={href} target="_blank" rel="noopener noreferrer" className="mt-2 block break-all text-primary underline underline-offset-4 hover:no-underline">
        {href}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </div>
  );
}
