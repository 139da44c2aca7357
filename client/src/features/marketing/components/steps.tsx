import type { LucideIcon } from "lucide-react";
import { Card } from "@/components/ui/card";

export interface Step {
  icon: LucideIcon;
  title: string;
  description: string;
}

/** A numbered protocol: an ordered list of steps, in a row on wide screens. */
export function Steps({ steps }: { steps: Step[] }) {
  return (
    <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {steps.map(({ icon: Icon, title, description }, index) => (
        <li key={title}>
          <Card className="h-full">
            <div className="mb-5 flex items-center justify-between">
              {/* The list already numbers the steps for assistive technology. */}
              <span aria-hidden className="font-mono text-3xl font-bold text-primary">
                {String(index + 1).padStart(2, "0")}
              </span>
              <Icon aria-hidden className="size-6 text-primary" />
            </div>
            <h3 className="text-lg font-semibold tracking-tight">{title}</h3>
            <p className="mt-2 text-muted-foreground">{description}</p>
          </Card>
        </li>
      ))}
    </ol>
  );
}
