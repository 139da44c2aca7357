import type { LucideIcon } from "lucide-react";
import type { FormEventHandler, ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";

interface UploadFormCardProps {
  /** Names the form: its heading gets `${id}-heading`. */
  id: string;
  title: string;
  intro: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  icon: LucideIcon;
  submitLabel: string;
  busy: boolean;
  /** The fields and, for several files, their progress. */
  children: ReactNode;
}

/** An upload form of the back office: its heading and what it takes, the fields, and the submit button. */
export function UploadFormCard({ id, title, intro, onSubmit, icon: Icon, submitLabel, busy, children }: UploadFormCardProps) {
  const headingId = `${id}-heading`;
  return (
    <Card>
      <form noValidate aria-labelledby={headingId} onSubmit={onSubmit} className="space-y-5">
        <div className="space-y-1">
          <h2 id={headingId} className="text-xl font-bold tracking-tight">
            {title}
          </h2>
          <p className="text-sm text-muted-foreground">{intro}</p>
        </div>
        {children}
        <Button type="submit" disabled={busy}>
          <Icon aria-hidden />
          {busy ? "Uploading…" : submitLabel}
        </Button>
      </form>
    </Card>
  );
}
