import type { ReactNode } from "react";
import { PageHeading } from "./page-heading";

/** A tab panel's heading row: a section title and, optionally, its actions. */
export function PanelHeader({ id, title, children }: { id: string; title: string; children?: ReactNode }) {
  return (
    <div className="mb-5 flex flex-wrap items-center justify-between gap-4">
      <h2 id={id} className="text-2xl font-bold tracking-tight">
        {title}
      </h2>
      {children ? <div className="flex flex-wrap items-center gap-3">{children}</div> : null}
    </div>
  );
}

export function LoadingState({ label }: { label: string }) {
  return (
    <p role="status" className="hud-label py-8 text-primary">
      {label}
    </p>
  );
}

export function ErrorState({ children }: { children: ReactNode }) {
  return <p className="rounded-md border border-destructive/60 px-4 py-3 text-destructive">{children}</p>;
}

/** A form's refusal that belongs to no one field (a 409, a failed request), announced as it appears; nothing without one. */
export function FormRefusal({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <div role="alert">
      <ErrorState>{children}</ErrorState>
    </div>
  );
}

/** What an empty list says, with an optional next step. */
export function EmptyState({ icon, children, action }: { icon: ReactNode; children: ReactNode; action?: ReactNode }) {
  return (
    <div className="hud-grid flex flex-col items-center gap-4 rounded-lg border border-dashed px-6 py-12 text-center">
      <span className="text-primary [&_svg]:size-10" aria-hidden>
        {icon}
      </span>
      <p className="max-w-md text-muted-foreground">{children}</p>
      {action}
    </div>
  );
}

/** A page of one record (a job, an account) that could not be shown: its heading says why, then the reason and the way back. */
export function RecordPageError({ eyebrow, title, children, back }: { eyebrow: string; title: string; children: ReactNode; back: ReactNode }) {
  return (
    <>
      <PageHeading eyebrow={eyebrow} title={title} />
      <div className="mx-auto max-w-7xl space-y-6 px-4 py-10 sm:px-6 lg:px-8">
        <ErrorState>{children}</ErrorState>
        {back}
      </div>
    </>
  );
}
