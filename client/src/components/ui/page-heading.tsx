import type { ReactNode } from "react";

/**
 * The title bar of an application screen: its label, title and what goes with them on one band a few
 * lines high, so the work starts on the first screen. A public page (the gallery, the quote form)
 * keeps the taller band of the marketing pages (`publicPage`).
 */
export function PageHeading({ eyebrow, title, publicPage = false, children }: { eyebrow?: string; title: string; publicPage?: boolean; children?: ReactNode }) {
  if (publicPage) {
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
  return (
    <div className="hud-grid border-b px-4 py-4 sm:px-6 lg:px-8">
      <div className="mx-auto max-w-7xl">
        {eyebrow ? <p className="hud-label text-[0.7rem] text-primary">{eyebrow}</p> : null}
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {children}
      </div>
    </div>
  );
}
