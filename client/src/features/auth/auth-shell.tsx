import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";

interface AuthShellProps {
  title: string;
  eyebrow?: string;
  children: ReactNode;
}

/** The account screens: the page's h1 over one centered card on the instrument grid. */
export function AuthShell({ title, eyebrow = "// Secure access", children }: AuthShellProps) {
  return (
    <div className="hud-grid flex min-h-[calc(100dvh-4rem)] items-start justify-center px-4 py-16 sm:px-6 sm:py-20">
      <div className="w-full max-w-md">
        <p className="hud-label mb-3 text-center text-primary">{eyebrow}</p>
        <h1 className="mb-8 text-center text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
        <Card>{children}</Card>
      </div>
    </div>
  );
}
