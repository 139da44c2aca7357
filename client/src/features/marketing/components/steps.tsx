import type { ServiceDocument } from "@common/site-pages";
import { Card } from "@/components/ui/card";
import { PageIcon } from "./page-icon";
import { RichText } from "./rich-text";

/** A numbered protocol: an ordered list of steps, in a row on wide screens. */
export function Steps({ steps }: { steps: ServiceDocument["protocol"]["steps"] }) {
  return (
    <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {steps.map(({ icon, title, description }, index) => {
        return (
          <li key={title}>
            <Card className="h-full">
              <div className="mb-5 flex items-center justify-between">
                {/* The list already numbers the steps for assistive technology. */}
                <span aria-hidden className="font-mono text-3xl font-bold text-primary">
                  {String(index + 1).padStart(2, "0")}
                </span>
                <PageIcon name={icon} className="size-6 text-primary" />
              </div>
              <h3 className="text-lg font-semibold tracking-tight">{title}</h3>
              <RichText value={description} className="mt-2 text-muted-foreground" />
            </Card>
          </li>
        );
      })}
    </ol>
  );
}
