import { ArrowLeft } from "lucide-react";
import { type FormEvent, useMemo, useState } from "react";
import type { SitePage } from "@common/contract/site-pages";
import { type PageMeta, pageMeta, routeFor } from "@common/routes";
import type { HomeDocument, ServiceDocument } from "@common/site-pages";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ErrorState, FormRefusal, LoadingState, PanelHeader } from "@/components/ui/panel-states";
import type { ErrorResponse } from "@common/contract/wire";
import { formatDateTime } from "@/lib/format";
import { getSiteConfig } from "@/lib/site-config";
import { toast } from "@/lib/use-toast";
import { useSaveDraft, useSitePage } from "./api";
import { HomeFields, revealSection, ServiceFields } from "./page-form-fields";
import { documentOf, type FieldErrors, fieldOf, type HomeValues, type PageValues, type ServiceValues, shownFields, valuesOf } from "./page-form-values";
import { fieldId } from "./page-fields";
import { PagePublishing } from "./page-publishing";

const draftOf = (page: SitePage) => page.draft as HomeDocument | ServiceDocument;

/** The errors of a refused save, keyed by the form's fields; those the form does not show are listed above it. */
function placeErrors(values: PageValues, errors: FieldErrors): { shown: FieldErrors; elsewhere: string[] } {
  const fields = shownFields(values);
  const shown: FieldErrors = {};
  const elsewhere: string[] = [];
  for (const [path, message] of Object.entries(errors)) {
    if (fields.has(path)) shown[path] = message;
    else elsewhere.push(`${path}: ${message}`);
  }
  return { shown, elsewhere };
}

function focusFirst(errors: FieldErrors) {
  const first = Object.keys(errors)[0];
  const field = first ? document.getElementById(fieldId(first)) : null;
  // Each field sits in a collapsible section: a closed one is opened first, or nothing takes the focus.
  for (const path of Object.keys(errors)) revealSection(document.getElementById(fieldId(path)));
  field?.focus();
}

/**
 * What a page's <title> and description are when its document leaves them empty: the route's own
 * (common/routes.ts) with the business's name, as the site shows them, or for a page the business
 * added, which has no route entry, its navigation label.
 */
function routeMeta(page: SitePage, values: PageValues): PageMeta {
  const route = routeFor(page.route);
  if (route) return pageMeta({ title: route.title, description: route.description }, getSiteConfig().businessName);
  return { title: values.kind === "service" ? values.navLabel : "", description: "" };
}

/**
 * A page's draft as plain forms (docs/decisions/0061-site-pages.md): every part of the document in
 * collapsible sections, rich text as a small markup (./rich-text-markup.ts), anything the form does
 * not show kept as loaded. A save sends the revision the draft was loaded at, so one admin
 * never overwrites another's save unseen; a 409 offers to load theirs instead.
 */
function DraftForm({ pageKey, loaded, name }: { pageKey: string; loaded: SitePage; name: string }) {
  const save = useSaveDraft(pageKey);
  const page = useSitePage(pageKey);
  const [base, setBase] = useState(loaded);
  const [values, setValues] = useState(() => valuesOf(pageKey, draftOf(loaded)));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<string>();
  const [conflict, setConflict] = useState<string>();
  const saved = useMemo(() => JSON.stringify(valuesOf(pageKey, draftOf(base))), [pageKey, base]);
  const dirty = JSON.stringify(values) !== saved;

  const startFrom = (page: SitePage) => {
    setBase(page);
    setValues(valuesOf(pageKey, draftOf(page)));
    setErrors({});
    setRefusal(undefined);
    setConflict(undefined);
  };

  const refuse = (found: FieldErrors) => {
    const { shown, elsewhere } = placeErrors(values, found);
    setErrors(shown);
    setRefusal(elsewhere.length > 0 ? elsewhere.join(" ") : undefined);
    focusFirst(shown);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal(undefined);
    setConflict(undefined);
    const { document, errors: found } = documentOf(pageKey, draftOf(base), values);
    if (Object.keys(found).length > 0) {
      refuse(found);
      return;
    }
    setErrors({});
    const answer = await save.mutateAsync({ revision: base.revision, document });
    if (answer.ok) {
      startFrom(answer.data.data);
      toast({ title: answer.data.message, variant: "success" });
      return;
    }
    if (answer.status === 409) {
      setConflict(answer.message ?? answer.generic);
      return;
    }
    const serverErrors = (answer.body as ErrorResponse | undefined)?.errors ?? {};
    const mapped = Object.fromEntries(Object.entries(serverErrors).map(([path, message]) => [fieldOf(path), message]));
    if (Object.keys(mapped).length > 0) refuse(mapped);
    else setRefusal(answer.message ?? answer.generic);
  };

  const reload = async () => {
    const fresh = await page.refetch();
    if (fresh.data) startFrom(fresh.data);
  };

  return (
    <div className="space-y-6">
      <form onSubmit={onSubmit} noValidate aria-label={`${name} draft`} className="space-y-6">
        <p className="text-sm text-muted-foreground">
          Revision {base.revision}
          {base.updatedAt
            ? `, saved ${formatDateTime(base.updatedAt)}${base.updatedBy ? ` by ${base.updatedBy.name}` : ""}`
            : ", never saved: the page shows its default words"}
          . Visitors see the published version until you publish the draft.
        </p>
        {conflict ? (
          <div role="alert" className="space-y-3 rounded-md border border-destructive p-4 text-sm">
            <p>{conflict}</p>
            <p>Your changes are still in the form and were not saved.</p>
            <Button type="button" variant="outline" onClick={() => void reload()} disabled={page.isFetching}>
              Reload their version
            </Button>
          </div>
        ) : null}
        <FormRefusal>{refusal}</FormRefusal>
        {values.kind === "home" ? (
          <HomeFields
            values={values}
            errors={errors}
            onChange={(update) => setValues((current) => update(current as HomeValues))}
            defaults={routeMeta(base, values)}
          />
        ) : (
          <ServiceFields
            values={values}
            errors={errors}
            onChange={(update) => setValues((current) => update(current as ServiceValues))}
            defaults={routeMeta(base, values)}
          />
        )}
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving…" : "Save draft"}
        </Button>
      </form>
      <PagePublishing pageKey={pageKey} page={base} unsaved={dirty} onChanged={startFrom} />
    </div>
  );
}

/** One page being edited, with the way back to the list. */
export function PageEditor({ pageKey, name, onBack }: { pageKey: string; name: string; onBack: () => void }) {
  const page = useSitePage(pageKey);
  return (
    <section aria-labelledby="page-editor-heading" className="space-y-4">
      <PanelHeader id="page-editor-heading" title={`Edit ${name}`}>
        <Button type="button" variant="ghost" onClick={onBack}>
          <ArrowLeft aria-hidden />
          All pages
        </Button>
      </PanelHeader>
      <Card>
        {page.isPending ? (
          <LoadingState label="Loading the page…" />
        ) : page.isError ? (
          <ErrorState>The page could not be loaded.</ErrorState>
        ) : (
          <DraftForm pageKey={pageKey} loaded={page.data} name={name} />
        )}
      </Card>
    </section>
  );
}
