import { useState } from "react";
import { PanelHeader } from "@/components/ui/panel-states";
import { AddPageForm } from "./add-page-form";
import { PageEditor } from "./page-editor";
import { PageList, pageName } from "./page-list";

/**
 * The back office's Pages tab: the public pages' words, each a draft an admin saves, previews and
 * publishes (docs/decisions/0061-site-pages.md).
 */
export function PagesTab() {
  const [editing, setEditing] = useState<{ key: string; name: string }>();
  if (editing) return <PageEditor pageKey={editing.key} name={editing.name} onBack={() => setEditing(undefined)} />;
  return (
    <section aria-labelledby="pages-heading">
      <PanelHeader id="pages-heading" title="Pages" />
      <p className="mb-4 text-sm text-muted-foreground">
        The words of the public pages. Edit a page's draft, send a preview link, then publish it: visitors see the published version.
      </p>
      <PageList onEdit={(key, page) => setEditing({ key, name: pageName(page) })} />
      <div className="mt-6">
        <AddPageForm onAdded={(key, name) => setEditing({ key, name })} />
      </div>
    </section>
  );
}
