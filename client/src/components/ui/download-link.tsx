import { Download } from "lucide-react";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { downloadUrl } from "@/lib/format";

/** "Download" for a report or media file; the file's title completes the name for screen readers. */
export function DownloadLink({ fileUrl, title, className }: { fileUrl: string; title: string; className?: string }) {
  return (
    <a href={downloadUrl(fileUrl)} download className={cn(buttonVariants({ variant: "outline", size: "sm" }), className)}>
      <Download aria-hidden />
      Download<span className="sr-only"> {title}</span>
    </a>
  );
}
