import { useQueryClient } from "@tanstack/react-query";
import { LayoutGrid } from "lucide-react";
import { type ChangeEvent, useId, useState } from "react";
import { siteLayoutQuery } from "@/api/site-layout";
import { buttonVariants } from "@/components/ui/button";
import { sendUpload } from "@/lib/upload";
import { toast } from "@/lib/use-toast";
import { cn } from "@/lib/utils";

/**
 * "Import site layout": a GeoJSON or KML of the site's tables, rows, strings or fields
 * (docs/decisions/0071-site-layouts.md). Findings placed inside one afterwards take its locator. A
 * refused file is said under the button, with the server's reason.
 */
export function ImportSiteLayout({ jobId }: { jobId: number }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [error, setError] = useState("");
  const [pending, setPending] = useState(false);

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setError("");
    setPending(true);
    const answer = await sendUpload<{ message: string }>(`/api/admin/jobs/${jobId}/site-layout`, {}, file);
    setPending(false);
    input.value = "";
    if (!answer.ok) {
      setError(answer.message ?? answer.generic);
      return;
    }
    toast({ title: answer.data.message, variant: "success" });
    await queryClient.invalidateQueries({ queryKey: siteLayoutQuery(jobId).queryKey });
  };

  return (
    <div className="flex flex-col items-start gap-1">
      <label htmlFor={id} className={cn(buttonVariants({ variant: "outline", size: "sm" }), "cursor-pointer", pending && "pointer-events-none opacity-60")}>
        <LayoutGrid aria-hidden />
        {pending ? "Importing the layout…" : "Import site layout"}
      </label>
      <input
        id={id}
        type="file"
        accept=".geojson,.json,.kml,application/geo+json,application/vnd.google-earth.kml+xml"
        className="sr-only"
        disabled={pending}
        onChange={(event) => void onChange(event)}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="max-w-md text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
