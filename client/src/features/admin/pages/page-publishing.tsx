import { Copy, History, Link2, Rocket } from "lucide-react";
import { useState } from "react";
import type { SitePage } from "@common/contract/site-pages";
import { Button } from "@/components/ui/button";
import { Badge } from "@/components/ui/card";
import { ErrorState, FormRefusal, LoadingState } from "@/components/ui/panel-states";
import { formatDateTime } from "@/lib/format";
import { toast } from "@/lib/use-toast";
import { type PreviewLink, usePageVersions, usePreviewLink, usePublishPage, useRestoreVersion } from "./api";

interface PublishingProps {
  pageKey: string;
  /** The draft as last saved. */
  page: SitePage;
  /** Whether the form holds changes not saved yet: publishing, restoring and previewing work on the saved draft. */
  unsaved: boolean;
  onChanged: (page: SitePage) => void;
}

const SAVE_FIRST = "Save the draft first: publishing, restoring and preview links use the draft as saved.";

/** The published versions, newest first, each restorable into the draft. */
function VersionHistory({ pageKey, page, unsaved, onChanged }: PublishingProps) {
  const versions = usePageVersions(pageKey);
  const restore = useRestoreVersion(pageKey);
  const [refusal, setRefusal] = useState<string>();

  const restoreVersion = async (version: number) => {
    setRefusal(undefined);
    const answer = await restore.mutateAsync({ version, revision: page.revision });
    if (!answer.ok) {
      setRefusal(answer.message ?? answer.generic);
      return;
    }
    onChanged(answer.data.data);
    toast({ title: answer.data.message, variant: "success" });
  };

  if (versions.isPending) return <LoadingState label="Loading the history…" />;
  if (versions.isError) return <ErrorState>The history could not be loaded.</ErrorState>;
  if (versions.data.length === 0) return <p className="text-sm text-muted-foreground">Nothing was published yet: visitors see the page's default words.</p>;
  return (
    <div className="space-y-3">
      <FormRefusal>{refusal}</FormRefusal>
      <table className="w-full text-sm">
        <caption className="sr-only">Published versions, newest first</caption>
        <thead className="border-b">
          <tr>
            {["Version", "Published by", "When", "Actions"].map((header) => (
              <th key={header} scope="col" className="px-2 py-2 text-left font-medium">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {versions.data.map((row) => (
            <tr key={row.version} className="border-b last:border-b-0">
              <th scope="row" className="px-2 py-2 text-left">
                Version {row.version} {row.live ? <Badge>Live</Badge> : null}
              </th>
              <td className="px-2 py-2">{row.publishedBy?.name ?? "A removed account"}</td>
              <td className="px-2 py-2">{formatDateTime(row.publishedAt)}</td>
              <td className="px-2 py-2">
                <Button type="button" size="sm" variant="ghost" disabled={unsaved || restore.isPending} onClick={() => void restoreVersion(row.version)}>
                  Restore<span className="sr-only"> version {row.version}</span> into the draft
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function PreviewLinkView({ link }: { link: PreviewLink }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link.url);
      toast({ title: "Preview link copied", variant: "success" });
    } catch {
      toast({ title: "The link could not be copied: select it and copy it", variant: "destructive" });
    }
  };
  return (
    <div className="space-y-2">
      <label htmlFor="page-preview-link" className="text-sm font-medium">
        Preview link
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id="page-preview-link"
          readOnly
          value={link.url}
          aria-describedby="page-preview-expiry"
          className="min-w-0 flex-1 rounded-md border bg-background px-3 py-2 font-mono text-sm"
        />
        <Button type="button" variant="outline" onClick={() => void copy()}>
          <Copy aria-hidden />
          Copy
        </Button>
      </div>
      <p id="page-preview-expiry" className="text-sm text-muted-foreground">
        Anyone with this link sees the saved draft until {formatDateTime(link.expiresAt)}.
      </p>
    </div>
  );
}

/** Publish, the history of published versions, and a preview link to the saved draft (docs/decisions/0061-site-pages.md). */
export function PagePublishing(props: PublishingProps) {
  const { pageKey, page, unsaved, onChanged } = props;
  const publish = usePublishPage(pageKey);
  const preview = usePreviewLink(pageKey);
  const [note, setNote] = useState<string>();
  const [refusal, setRefusal] = useState<string>();
  const [link, setLink] = useState<PreviewLink>();
  const [showHistory, setShowHistory] = useState(false);

  const onPublish = async () => {
    setNote(undefined);
    setRefusal(undefined);
    const answer = await publish.mutateAsync({ revision: page.revision });
    if (answer.ok) {
      onChanged(answer.data.data);
      toast({ title: answer.data.message, variant: "success" });
    } else if (answer.status === 409) setNote(answer.message ?? answer.generic);
    else setRefusal(answer.message ?? answer.generic);
  };

  const onPreview = async () => {
    setRefusal(undefined);
    const answer = await preview.mutateAsync();
    if (answer.ok) setLink(answer.data);
    else setRefusal(answer.message ?? answer.generic);
  };

  return (
    <section aria-labelledby="page-publishing-heading" className="space-y-4 border-t pt-6">
      <h3 id="page-publishing-heading" className="text-lg font-semibold">
        Publishing
      </h3>
      <p className="text-sm text-muted-foreground">
        {page.publishedVersion === null ? "Never published." : `Visitors see version ${page.publishedVersion}.`} {unsaved ? SAVE_FIRST : null}
      </p>
      <FormRefusal>{refusal}</FormRefusal>
      {note ? (
        <p role="status" className="rounded-md border p-3 text-sm">
          {note}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="button" disabled={unsaved || publish.isPending} onClick={() => void onPublish()}>
          <Rocket aria-hidden />
          {publish.isPending ? "Publishing…" : "Publish"}
        </Button>
        <Button type="button" variant="outline" disabled={unsaved || preview.isPending} onClick={() => void onPreview()}>
          <Link2 aria-hidden />
          Preview link
        </Button>
        <Button type="button" variant="outline" aria-expanded={showHistory} onClick={() => setShowHistory((shown) => !shown)}>
          <History aria-hidden />
          History
        </Button>
      </div>
      {link ? <PreviewLinkView link={link} /> : null}
      {showHistory ? <VersionHistory {...props} /> : null}
    </section>
  );
}
