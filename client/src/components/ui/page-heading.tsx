import type { ReactNode } from "react";

/** The title band of an application screen (not the marketing heroes). */
export function PageHeading({ eyebrow, title, children }: { eyebrow?: string; title: string; children?: ReactNode }) {
  return (
    <div className="hud-grid border-b px-4 py-14 sm:px-6 lg:px-8">
      <div className="mx-auto max-w-7xl">
        {eyebrow ? <p className="hud-label mb-3 text-primary">{eyebrow}</p> : null}
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
        {children}
      </div>
    </div>
  );
}
