import type { ReactNode, SVGProps } from "react";

// Lucide dropped brand marks; these are simplified outline versions in the same 24px grid.
type IconProps = SVGProps<SVGSVGElement>;

/** An outline icon of the given shapes, drawn like Lucide's. */
function outlineIcon(shapes: ReactNode) {
  return function OutlineIcon(props: IconProps) {
    return (
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" {...props}>
        {shapes}
      </svg>
    );
  };
}

export const FacebookIcon = outlineIcon(<path d="M15 3h-2.5A3.5 3.5 0 0 0 9 6.5V10H6.5v3.5H9V21h3.5v-7.5H15l.5-3.5h-3V7a1 1 0 0 1 1-1H15z" />);

export const TwitterIcon = outlineIcon(<path d="M4 4l6.5 8.7L4.2 20M20 4l-6.3 7.1M4 4h4.5L20 20h-4.5z" />);

export const InstagramIcon = outlineIcon(
  <>
    <rect x="3" y="3" width="18" height="18" rx="5" />
    <circle cx="12" cy="12" r="4" />
    <path d="M17.5 6.5h.01" />
  </>,
);

export const LinkedinIcon = outlineIcon(
  <>
    <path d="M16 8a6 6 0 0 1 6 6v7h-4v-7a2 2 0 0 0-4 0v7h-4v-7a6 6 0 0 1 6-6z" />
    <rect x="2" y="9" width="4" height="12" />
    <circle cx="4" cy="4" r="2" />
  </>,
);
