import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { memo, type ReactNode, useId } from "react";
import type { PageMeta } from "@common/routes";
import { Button } from "@/components/ui/button";
import { fieldAria, FormField } from "@/components/ui/form-field";
import { NativeSelect } from "@/components/ui/input";
import { withCurrency } from "@/lib/format";
import { fieldId, TextField } from "./page-fields";
import { PictureField } from "./picture-field";
import {
  type CardValues,
  emptyCard,
  emptyEquipment,
  emptyGallery,
  emptyPackage,
  emptyQuestion,
  emptySpec,
  emptyStep,
  emptySystem,
  type FieldErrors,
  type HomeValues,
  LIMITS,
  type PackageValues,
  PAGE_ICONS,
  type PageIcon,
  PRICE_CHOICES,
  type PriceChoice,
  type SectionValues,
  type SeoValues,
  type ServiceValues,
  type SpecValues,
} from "./page-form-values";
import { MARKUP_HINT } from "./rich-text-markup";

const replaced = <T,>(rows: readonly T[], index: number, row: T) => rows.map((candidate, at) => (at === index ? row : candidate));
const without = <T,>(rows: readonly T[], index: number) => rows.filter((_, at) => at !== index);
const moved = <T,>(rows: readonly T[], index: number, by: -1 | 1) => {
  const next = [...rows];
  const [row] = next.splice(index, 1);
  next.splice(index + by, 0, row!);
  return next;
};
const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** A button whose words may wrap: a long name stays inside a phone's width. */
const WRAPPING = "h-auto min-h-9 whitespace-normal py-1 text-left";

/** The id of a section's <details>, for the index at the top of the form. */
const sectionId = (id: string) => `page-section-${id}`;

/**
 * Opens a section and brings it into view: from the index, and before focusing a refused field
 * inside a closed one (a field in a closed <details> cannot take the focus).
 */
export function revealSection(element: Element | null) {
  const details = element?.closest("details");
  if (details) details.open = true;
}

interface SectionEntry {
  id: string;
  title: string;
  /** What the section holds, in a few words ("4 steps"), shown beside its name. */
  count?: string;
  /** The values its fields show: the section renders again only when one of them changes. */
  slice: readonly unknown[];
}

/**
 * A section's fields, rendered again only when its own values or the errors change: a keystroke
 * redraws one section of the long form, not all of them. The fields' handlers update the form's
 * values from the current ones, so a section left as it was never writes back stale values.
 */
const SectionBody = memo(
  function SectionBody({ render }: { render: () => ReactNode; slice: readonly unknown[]; errors: FieldErrors }) {
    return render();
  },
  (before, after) =>
    before.errors === after.errors && before.slice.length === after.slice.length && before.slice.every((value, index) => Object.is(value, after.slice[index])),
);

/**
 * The form's sections, each collapsible so the long form stays navigable. The ones owners change
 * most (the hero, the packages, the questions) start open.
 */
function Section({ entry, open, children }: { entry: SectionEntry; open?: boolean; children: ReactNode }) {
  return (
    <details id={sectionId(entry.id)} open={open} className="rounded-md border">
      <summary className="cursor-pointer px-4 py-3 font-semibold">
        {entry.title}
        {entry.count ? <span className="ml-2 text-sm font-normal text-muted-foreground">{entry.count}</span> : null}
      </summary>
      <div className="min-w-0 space-y-4 border-t p-4">{children}</div>
    </details>
  );
}

/** The sections' names at the top of the form: each opens its section and scrolls to it. */
function SectionIndex({ entries }: { entries: readonly SectionEntry[] }) {
  const go = (id: string) => {
    const details = document.getElementById(sectionId(id));
    revealSection(details);
    details?.scrollIntoView?.({ block: "start" });
    details?.querySelector("summary")?.focus();
  };
  return (
    <nav aria-label="Sections of the page" className="text-sm">
      <ul className="flex flex-wrap gap-x-1 gap-y-1">
        {entries.map((entry) => (
          <li key={entry.id}>
            <Button type="button" size="sm" variant="ghost" className={WRAPPING} onClick={() => go(entry.id)}>
              {entry.title}
              {entry.count ? ` (${entry.count})` : ""}
            </Button>
          </li>
        ))}
      </ul>
    </nav>
  );
}

interface SectionsProps {
  entries: readonly SectionEntry[];
  open: readonly string[];
  errors: FieldErrors;
  children: (entry: SectionEntry) => ReactNode;
}

function Sections({ entries, open, errors, children }: SectionsProps) {
  return (
    <>
      <SectionIndex entries={entries} />
      {entries.map((entry) => (
        <Section key={entry.id} entry={entry} open={open.includes(entry.id)}>
          <SectionBody render={() => children(entry)} slice={entry.slice} errors={errors} />
        </Section>
      ))}
    </>
  );
}

function AddButton({ label, onClick, count, max, noun }: { label: string; onClick: () => void; count: number; max: number; noun: string }) {
  const full = count >= max;
  const noteId = useId();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button type="button" size="sm" variant="outline" className={WRAPPING} onClick={onClick} disabled={full} aria-describedby={full ? noteId : undefined}>
        <Plus aria-hidden />
        {label}
      </Button>
      {full ? (
        <p id={noteId} className="text-xs text-muted-foreground">
          The page shows at most {max} {noun}: remove one to add another.
        </p>
      ) : null}
    </div>
  );
}

interface ListProps<Row> {
  rows: readonly Row[];
  /** What a row is called in its buttons' names: "Move step 2 up". */
  noun: string;
  onChange: (rows: Row[]) => void;
  children: (row: Row, index: number, set: (row: Row) => void) => ReactNode;
}

/** A list's rows, each with its own fields and buttons to move it up or down or remove it. */
function ListRows<Row>({ rows, noun, onChange, children }: ListProps<Row>) {
  return rows.map((row, index) => (
    <div key={index} className="space-y-3 rounded-md border border-dashed p-3 sm:p-4">
      {children(row, index, (next) => onChange(replaced(rows, index, next)))}
      {/* Short words on the buttons so they fit a phone; their names say which row they act on. */}
      <div className="flex flex-wrap gap-1">
        <Button
          type="button"
          size="sm"
          variant="ghost"
          aria-label={`Move ${noun} ${index + 1} up`}
          disabled={index === 0}
          onClick={() => onChange(moved(rows, index, -1))}
        >
          <ArrowUp aria-hidden />
          Up
        </Button>
        <Button
          type="button"
          size="sm"
          variant="ghost"
          aria-label={`Move ${noun} ${index + 1} down`}
          disabled={index === rows.length - 1}
          onClick={() => onChange(moved(rows, index, 1))}
        >
          <ArrowDown aria-hidden />
          Down
        </Button>
        <Button type="button" size="sm" variant="ghost" aria-label={`Remove ${noun} ${index + 1}`} onClick={() => onChange(without(rows, index))}>
          <Trash2 aria-hidden />
          Remove
        </Button>
      </div>
    </div>
  ));
}

interface FieldsProps<Values> {
  values: Values;
  errors: FieldErrors;
  onChange: (values: Values) => void;
}

/** A whole page's fields: `onChange` takes an update of the current values. */
interface PageFieldsProps<Values> {
  values: Values;
  errors: FieldErrors;
  onChange: (update: (current: Values) => Values) => void;
  defaults: PageMeta;
}

type RichProps = { path: string; label: string; value: string; errors: FieldErrors; onChange: (value: string) => void };

/** A rich text field: the markup in a textarea, its syntax under it (./rich-text-markup.ts). */
const RichTextField = (props: RichProps) => <TextField {...props} multiline help={MARKUP_HINT} />;

function IconField({
  path,
  label,
  value,
  errors,
  onChange,
}: {
  path: string;
  label: string;
  value: PageIcon;
  errors: FieldErrors;
  onChange: (icon: PageIcon) => void;
}) {
  const id = fieldId(path);
  return (
    <FormField id={id} label={label} error={errors[path]}>
      <NativeSelect id={id} value={value} onChange={(event) => onChange(event.target.value as PageIcon)} {...fieldAria(id, errors[path])}>
        {PAGE_ICONS.map((icon) => (
          <option key={icon} value={icon}>
            {icon.replaceAll("-", " ")}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );
}

/** What search engines and shared links show; empty keeps what the route says (placeholders). */
function SeoFields({ values, errors, onChange, defaults }: FieldsProps<SeoValues> & { defaults: PageMeta }) {
  return (
    <>
      <p className="text-sm text-muted-foreground">Shown in search results and shared links. Left empty, the page keeps the words shown greyed in the field.</p>
      <TextField
        path="seo.title"
        label="Page title"
        hint="At most 70 characters."
        placeholder={defaults.title}
        value={values.title}
        errors={errors}
        onChange={(title) => onChange({ ...values, title })}
      />
      <TextField
        path="seo.description"
        label="Page description"
        hint="At most 200 characters, on one line."
        placeholder={defaults.description}
        value={values.description}
        errors={errors}
        onChange={(description) => onChange({ ...values, description })}
      />
    </>
  );
}

/** A section's eyebrow label (also its anchor), title and intro. */
function SectionHeadFields({ path, name, values, errors, onChange }: FieldsProps<SectionValues> & { path: string; name: string }) {
  const set = (change: Partial<SectionValues>) => onChange({ ...values, ...change });
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-[1fr_2fr]">
        <TextField
          path={`${path}.label`}
          label={`${name} label`}
          hint="Above the title; also the section's anchor."
          value={values.label}
          errors={errors}
          onChange={(label) => set({ label })}
        />
        <TextField path={`${path}.title`} label={`${name} title`} value={values.title} errors={errors} onChange={(title) => set({ title })} />
      </div>
      <RichTextField path={`${path}.intro`} label={`${name} intro`} value={values.intro} errors={errors} onChange={(intro) => set({ intro })} />
    </>
  );
}

function SpecsFields({
  path,
  noun,
  specs,
  max,
  errors,
  onChange,
}: {
  path: string;
  noun: string;
  specs: SpecValues[];
  max: number;
  errors: FieldErrors;
  onChange: (specs: SpecValues[]) => void;
}) {
  return (
    <>
      <ListRows rows={specs} noun={noun.toLowerCase()} onChange={onChange}>
        {(spec, index, set) => (
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField
              path={`${path}.${index}.label`}
              label={`${noun} ${index + 1} label`}
              value={spec.label}
              errors={errors}
              onChange={(label) => set({ ...spec, label })}
            />
            <TextField
              path={`${path}.${index}.value`}
              label={`${noun} ${index + 1} value`}
              value={spec.value}
              errors={errors}
              onChange={(value) => set({ ...spec, value })}
            />
          </div>
        )}
      </ListRows>
      <AddButton label={`Add a ${noun.toLowerCase()}`} noun="figures" count={specs.length} max={max} onClick={() => onChange([...specs, emptySpec()])} />
    </>
  );
}

/** Feature cards, application areas or detectable issues: an icon, a title, a description and points. */
function CardsFields({
  path,
  noun,
  items,
  max,
  errors,
  onChange,
}: {
  path: string;
  noun: string;
  items: CardValues[];
  max: number;
  errors: FieldErrors;
  onChange: (items: CardValues[]) => void;
}) {
  return (
    <>
      <ListRows rows={items} noun={noun.toLowerCase()} onChange={onChange}>
        {(card, index, set) => {
          const name = `${noun} ${index + 1}`;
          return (
            <>
              <div className="grid gap-3 sm:grid-cols-[12rem_1fr]">
                <IconField
                  path={`${path}.${index}.icon`}
                  label={`${name} icon`}
                  value={card.icon}
                  errors={errors}
                  onChange={(icon) => set({ ...card, icon })}
                />
                <TextField
                  path={`${path}.${index}.title`}
                  label={`${name} title`}
                  value={card.title}
                  errors={errors}
                  onChange={(title) => set({ ...card, title })}
                />
              </div>
              <RichTextField
                path={`${path}.${index}.description`}
                label={`${name} description`}
                value={card.description}
                errors={errors}
                onChange={(description) => set({ ...card, description })}
              />
              <TextField
                path={`${path}.${index}.points`}
                label={`${name} points`}
                hint={`One line per point, at most ${LIMITS.points}.`}
                multiline
                value={card.points}
                errors={errors}
                onChange={(points) => set({ ...card, points })}
              />
            </>
          );
        }}
      </ListRows>
      <AddButton label={`Add a ${noun.toLowerCase()}`} noun="cards" count={items.length} max={max} onClick={() => onChange([...items, emptyCard()])} />
    </>
  );
}

/** The home page: search, hero with its stats, Mission Profiles' heading and the flight systems. */
export function HomeFields({ values, errors, onChange, defaults }: PageFieldsProps<HomeValues>) {
  const set = (change: Partial<HomeValues>) => onChange((current) => ({ ...current, ...change }));
  const { missionProfiles, flightSystems } = values;
  const entries: SectionEntry[] = [
    {
      id: "seo",
      title: "Search and sharing",
      count: values.seo.title || values.seo.description ? "own words" : "the route's words",
      slice: [values.seo, defaults.title, defaults.description],
    },
    {
      id: "hero",
      title: "Hero",
      count: counted(values.stats.length, "stat", "stats"),
      slice: [values.label, values.headline, values.intro, values.picture, values.stats],
    },
    { id: "mission-profiles", title: "Mission Profiles", count: "the service pages' cards", slice: [missionProfiles] },
    { id: "flight-systems", title: "Advanced Flight Systems", count: counted(flightSystems.items.length, "system", "systems"), slice: [flightSystems] },
  ];
  return (
    <Sections entries={entries} open={["hero"]} errors={errors}>
      {(entry) => {
        switch (entry.id) {
          case "seo":
            return <SeoFields values={values.seo} errors={errors} defaults={defaults} onChange={(seo) => set({ seo })} />;
          case "hero":
            return (
              <>
                <TextField path="hero.label" label="Label above the headline" value={values.label} errors={errors} onChange={(label) => set({ label })} />
                <TextField path="hero.headline" label="Headline" value={values.headline} errors={errors} onChange={(headline) => set({ headline })} />
                <RichTextField path="hero.intro" label="Intro" value={values.intro} errors={errors} onChange={(intro) => set({ intro })} />
                <PictureField
                  path="hero.picture"
                  picture={values.picture}
                  errors={errors}
                  onChange={(update) => onChange((current) => ({ ...current, picture: update(current.picture) }))}
                />
                <ListRows rows={values.stats} noun="stat" onChange={(stats) => set({ stats })}>
                  {(stat, index, setStat) => (
                    <div className="grid gap-3 sm:grid-cols-[1fr_2fr]">
                      <TextField
                        path={`hero.stats.${index}.value`}
                        label={`Stat ${index + 1} value`}
                        value={stat.value}
                        errors={errors}
                        onChange={(value) => setStat({ ...stat, value })}
                      />
                      <TextField
                        path={`hero.stats.${index}.label`}
                        label={`Stat ${index + 1} label`}
                        value={stat.label}
                        errors={errors}
                        onChange={(label) => setStat({ ...stat, label })}
                      />
                    </div>
                  )}
                </ListRows>
                <AddButton
                  label="Add a stat"
                  noun="stats"
                  count={values.stats.length}
                  max={LIMITS.stats}
                  onClick={() => set({ stats: [...values.stats, { value: "", label: "" }] })}
                />
              </>
            );
          case "mission-profiles": {
            const setProfiles = (change: Partial<HomeValues["missionProfiles"]>) => set({ missionProfiles: { ...missionProfiles, ...change } });
            return (
              <>
                <p className="text-sm text-muted-foreground">
                  The cards under this heading are the service pages&apos; own: edit each on its page, under Home page card.
                </p>
                <div className="grid gap-3 sm:grid-cols-[1fr_2fr]">
                  <TextField
                    path="missionProfiles.eyebrow"
                    label="Mission Profiles label"
                    value={missionProfiles.eyebrow}
                    errors={errors}
                    onChange={(eyebrow) => setProfiles({ eyebrow })}
                  />
                  <TextField
                    path="missionProfiles.title"
                    label="Mission Profiles title"
                    value={missionProfiles.title}
                    errors={errors}
                    onChange={(title) => setProfiles({ title })}
                  />
                </div>
                <RichTextField
                  path="missionProfiles.intro"
                  label="Mission Profiles intro"
                  value={missionProfiles.intro}
                  errors={errors}
                  onChange={(intro) => setProfiles({ intro })}
                />
              </>
            );
          }
          default: {
            const setSystems = (change: Partial<HomeValues["flightSystems"]>) => set({ flightSystems: { ...flightSystems, ...change } });
            return (
              <>
                <div className="grid gap-3 sm:grid-cols-[1fr_2fr]">
                  <TextField
                    path="flightSystems.eyebrow"
                    label="Flight systems label"
                    value={flightSystems.eyebrow}
                    errors={errors}
                    onChange={(eyebrow) => setSystems({ eyebrow })}
                  />
                  <TextField
                    path="flightSystems.title"
                    label="Flight systems title"
                    value={flightSystems.title}
                    errors={errors}
                    onChange={(title) => setSystems({ title })}
                  />
                </div>
                <ListRows rows={flightSystems.items} noun="system" onChange={(items) => setSystems({ items })}>
                  {(item, index, setItem) => (
                    <>
                      <div className="grid gap-3 sm:grid-cols-[12rem_1fr]">
                        <IconField
                          path={`flightSystems.items.${index}.icon`}
                          label={`System ${index + 1} icon`}
                          value={item.icon}
                          errors={errors}
                          onChange={(icon) => setItem({ ...item, icon })}
                        />
                        <TextField
                          path={`flightSystems.items.${index}.title`}
                          label={`System ${index + 1} title`}
                          value={item.title}
                          errors={errors}
                          onChange={(title) => setItem({ ...item, title })}
                        />
                      </div>
                      <RichTextField
                        path={`flightSystems.items.${index}.text`}
                        label={`System ${index + 1} text`}
                        value={item.text}
                        errors={errors}
                        onChange={(text) => setItem({ ...item, text })}
                      />
                    </>
                  )}
                </ListRows>
                <AddButton
                  label="Add a system"
                  noun="systems"
                  count={flightSystems.items.length}
                  max={LIMITS.flightSystems}
                  onClick={() => setSystems({ items: [...flightSystems.items, emptySystem()] })}
                />
                <TextField
                  path="flightSystems.ctaLabel"
                  label="Flight systems button label"
                  value={flightSystems.ctaLabel}
                  errors={errors}
                  onChange={(ctaLabel) => setSystems({ ctaLabel })}
                />
              </>
            );
          }
        }
      }}
    </Sections>
  );
}

function PackageFields({ index, values, errors, onChange }: FieldsProps<PackageValues> & { index: number }) {
  const path = `packages.items.${index}`;
  const set = (change: Partial<PackageValues>) => onChange({ ...values, ...change });
  const priced = values.price === "fixed" || values.price === "from";
  const kindId = fieldId(`${path}.price`);
  const recommendedId = fieldId(`${path}.recommended`);
  const name = values.name || `Package ${index + 1}`;
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField path={`${path}.name`} label={`Package ${index + 1} name`} value={values.name} errors={errors} onChange={(text) => set({ name: text })} />
        <TextField
          path={`${path}.scope`}
          label={`${name} scope`}
          hint="Who or what it is for, in one line."
          value={values.scope}
          errors={errors}
          onChange={(scope) => set({ scope })}
        />
      </div>
      <RichTextField path={`${path}.summary`} label={`${name} summary`} value={values.summary} errors={errors} onChange={(summary) => set({ summary })} />
      <TextField
        path={`${path}.features`}
        label={`What ${name} includes`}
        hint="One line per item."
        multiline
        value={values.features}
        errors={errors}
        onChange={(features) => set({ features })}
      />
      <div className="grid gap-3 sm:grid-cols-3">
        <FormField id={kindId} label={`${name} price`} error={errors[`${path}.price`]}>
          <NativeSelect
            id={kindId}
            value={values.price}
            onChange={(event) => set({ price: event.target.value as PriceChoice })}
            {...fieldAria(kindId, errors[`${path}.price`])}
          >
            {PRICE_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        {priced ? (
          <>
            <TextField
              path={`${path}.price.cents`}
              label={withCurrency(`${name} amount`)}
              inputMode="decimal"
              value={values.amount}
              errors={errors}
              onChange={(amount) => set({ amount })}
            />
            <TextField
              path={`${path}.price.unit`}
              label={`${name} unit`}
              hint="Leave empty for the whole package, or acre, MWp, hour…"
              value={values.unit}
              errors={errors}
              onChange={(unit) => set({ unit })}
            />
          </>
        ) : null}
      </div>
      <div className="flex items-center gap-2">
        <input
          id={recommendedId}
          type="checkbox"
          className="size-4 accent-primary"
          checked={values.recommended}
          onChange={(event) => set({ recommended: event.target.checked })}
        />
        <label htmlFor={recommendedId} className="text-sm">
          {name} is recommended
        </label>
      </div>
    </>
  );
}

/** A service page: search, navigation, its home card, hero, every section and the optional equipment panel and gallery pointer. */
export function ServiceFields({ values, errors, onChange, defaults }: PageFieldsProps<ServiceValues>) {
  const set = (change: Partial<ServiceValues>) => onChange((current) => ({ ...current, ...change }));
  const { card, overview, protocol, applications, equipment, gallery } = values;
  const hiddenId = fieldId("hidden");
  const entries: SectionEntry[] = [
    {
      id: "seo",
      title: "Search and sharing",
      count: values.seo.title || values.seo.description ? "own words" : "the route's words",
      slice: [values.seo, defaults.title, defaults.description],
    },
    { id: "navigation", title: "Navigation", count: values.hidden ? "hidden" : "on the site", slice: [values.navLabel, values.hidden] },
    { id: "card", title: "Home page card", count: counted(card.specs.length, "figure", "figures"), slice: [card] },
    { id: "hero", title: "Hero", count: values.picture ? "with a picture" : undefined, slice: [values.eyebrow, values.headline, values.intro, values.picture] },
    { id: "overview", title: "Overview", count: counted(overview.items.length, "card", "cards"), slice: [overview] },
    { id: "protocol", title: "Protocol", count: counted(protocol.steps.length, "step", "steps"), slice: [protocol] },
    { id: "applications", title: "Applications or issues", count: counted(applications.items.length, "card", "cards"), slice: [applications] },
    { id: "equipment", title: "Equipment panel", count: equipment ? counted(equipment.specs.length, "figure", "figures") : "none", slice: [equipment] },
    { id: "packages", title: "Packages", count: counted(values.packages.length, "package", "packages"), slice: [values.packagesSection, values.packages] },
    { id: "faq", title: "FAQ", count: counted(values.faq.length, "question", "questions"), slice: [values.faqSection, values.faq] },
    { id: "gallery", title: "Gallery pointer", count: gallery ? "shown" : "none", slice: [gallery] },
  ];
  return (
    <Sections entries={entries} open={["hero", "packages", "faq"]} errors={errors}>
      {(entry) => {
        switch (entry.id) {
          case "seo":
            return <SeoFields values={values.seo} errors={errors} defaults={defaults} onChange={(seo) => set({ seo })} />;
          case "navigation":
            return (
              <>
                <TextField
                  path="navLabel"
                  label="Navigation label"
                  hint="Its item in the site's navigation, at most 24 characters."
                  value={values.navLabel}
                  errors={errors}
                  onChange={(navLabel) => set({ navLabel })}
                />
                <div className="space-y-1">
                  <div className="flex items-center gap-2">
                    <input
                      id={hiddenId}
                      type="checkbox"
                      className="size-4 accent-primary"
                      checked={values.hidden}
                      aria-describedby={`${hiddenId}-help`}
                      onChange={(event) => set({ hidden: event.target.checked })}
                    />
                    <label htmlFor={hiddenId} className="text-sm">
                      Hidden from the site
                    </label>
                  </div>
                  <p id={`${hiddenId}-help`} className="text-xs text-muted-foreground">
                    Once published, a hidden page leaves the navigation, the home page&apos;s cards and the site; its draft stays here to edit.
                  </p>
                </div>
              </>
            );
          case "card": {
            const setCard = (change: Partial<ServiceValues["card"]>) => set({ card: { ...card, ...change } });
            return (
              <>
                <p className="text-sm text-muted-foreground">
                  The page&apos;s card in the home page&apos;s Mission Profiles; its figures also stand under the page&apos;s intro.
                </p>
                <div className="grid gap-3 sm:grid-cols-2">
                  <TextField path="card.title" label="Card title" value={card.title} errors={errors} onChange={(title) => setCard({ title })} />
                  <TextField path="card.subtitle" label="Card subtitle" value={card.subtitle} errors={errors} onChange={(subtitle) => setCard({ subtitle })} />
                </div>
                <RichTextField
                  path="card.description"
                  label="Card description"
                  value={card.description}
                  errors={errors}
                  onChange={(description) => setCard({ description })}
                />
                <SpecsFields
                  path="card.specs"
                  noun="Card figure"
                  specs={card.specs}
                  max={LIMITS.cardSpecs}
                  errors={errors}
                  onChange={(specs) => setCard({ specs })}
                />
              </>
            );
          }
          case "hero":
            return (
              <>
                <TextField
                  path="hero.eyebrow"
                  label="Label above the headline"
                  value={values.eyebrow}
                  errors={errors}
                  onChange={(eyebrow) => set({ eyebrow })}
                />
                <TextField path="hero.headline" label="Headline" value={values.headline} errors={errors} onChange={(headline) => set({ headline })} />
                <RichTextField path="hero.intro" label="Intro" value={values.intro} errors={errors} onChange={(intro) => set({ intro })} />
                <PictureField
                  path="hero.picture"
                  picture={values.picture}
                  errors={errors}
                  onChange={(update) => onChange((current) => ({ ...current, picture: update(current.picture) }))}
                />
              </>
            );
          case "overview":
            return (
              <>
                <SectionHeadFields
                  path="overview"
                  name="Overview"
                  values={overview}
                  errors={errors}
                  onChange={(head) => set({ overview: { ...overview, ...head } })}
                />
                <CardsFields
                  path="overview.items"
                  noun="Feature card"
                  items={overview.items}
                  max={LIMITS.overview}
                  errors={errors}
                  onChange={(items) => set({ overview: { ...overview, items } })}
                />
              </>
            );
          case "protocol":
            return (
              <>
                <SectionHeadFields
                  path="protocol"
                  name="Protocol"
                  values={protocol}
                  errors={errors}
                  onChange={(head) => set({ protocol: { ...protocol, ...head } })}
                />
                <ListRows rows={protocol.steps} noun="step" onChange={(steps) => set({ protocol: { ...protocol, steps } })}>
                  {(step, index, setStep) => (
                    <>
                      <div className="grid gap-3 sm:grid-cols-[12rem_1fr]">
                        <IconField
                          path={`protocol.steps.${index}.icon`}
                          label={`Step ${index + 1} icon`}
                          value={step.icon}
                          errors={errors}
                          onChange={(icon) => setStep({ ...step, icon })}
                        />
                        <TextField
                          path={`protocol.steps.${index}.title`}
                          label={`Step ${index + 1} title`}
                          value={step.title}
                          errors={errors}
                          onChange={(title) => setStep({ ...step, title })}
                        />
                      </div>
                      <RichTextField
                        path={`protocol.steps.${index}.description`}
                        label={`Step ${index + 1} description`}
                        value={step.description}
                        errors={errors}
                        onChange={(description) => setStep({ ...step, description })}
                      />
                    </>
                  )}
                </ListRows>
                <AddButton
                  label="Add a step"
                  noun="steps"
                  count={protocol.steps.length}
                  max={LIMITS.steps}
                  onClick={() => set({ protocol: { ...protocol, steps: [...protocol.steps, emptyStep()] } })}
                />
              </>
            );
          case "applications":
            return (
              <>
                <p className="text-sm text-muted-foreground">Application areas, or the issues an inspection detects.</p>
                <SectionHeadFields
                  path="applications"
                  name="Applications"
                  values={applications}
                  errors={errors}
                  onChange={(head) => set({ applications: { ...applications, ...head } })}
                />
                <CardsFields
                  path="applications.items"
                  noun="Application card"
                  items={applications.items}
                  max={LIMITS.applications}
                  errors={errors}
                  onChange={(items) => set({ applications: { ...applications, items } })}
                />
              </>
            );
          case "equipment":
            return equipment ? (
              <>
                <SectionHeadFields
                  path="equipment"
                  name="Equipment"
                  values={equipment}
                  errors={errors}
                  onChange={(head) => set({ equipment: { ...equipment, ...head } })}
                />
                <TextField
                  path="equipment.panelTitle"
                  label="Equipment panel title"
                  value={equipment.panelTitle}
                  errors={errors}
                  onChange={(panelTitle) => set({ equipment: { ...equipment, panelTitle } })}
                />
                <RichTextField
                  path="equipment.text"
                  label="Equipment panel text"
                  value={equipment.text}
                  errors={errors}
                  onChange={(text) => set({ equipment: { ...equipment, text } })}
                />
                <SpecsFields
                  path="equipment.specs"
                  noun="Equipment figure"
                  specs={equipment.specs}
                  max={LIMITS.equipmentSpecs}
                  errors={errors}
                  onChange={(specs) => set({ equipment: { ...equipment, specs } })}
                />
                <TextField
                  path="equipment.ctaLabel"
                  label="Equipment button label"
                  value={equipment.ctaLabel}
                  errors={errors}
                  onChange={(ctaLabel) => set({ equipment: { ...equipment, ctaLabel } })}
                />
                <Button type="button" size="sm" variant="ghost" className={WRAPPING} onClick={() => set({ equipment: null })}>
                  <Trash2 aria-hidden />
                  Remove the equipment panel
                </Button>
              </>
            ) : (
              <>
                <p className="text-sm text-muted-foreground">
                  No equipment panel: a panel names your aircraft and cameras, with their figures and a button to the contact form.
                </p>
                <Button type="button" size="sm" variant="outline" className={WRAPPING} onClick={() => set({ equipment: emptyEquipment() })}>
                  <Plus aria-hidden />
                  Add an equipment panel
                </Button>
              </>
            );
          case "packages":
            return (
              <>
                <SectionHeadFields
                  path="packages"
                  name="Packages"
                  values={values.packagesSection}
                  errors={errors}
                  onChange={(head) => set({ packagesSection: { ...values.packagesSection, ...head } })}
                />
                <TextField
                  path="packages.ctaLabel"
                  label="Packages button label"
                  hint="Each package's button to the contact form."
                  value={values.packagesSection.ctaLabel}
                  errors={errors}
                  onChange={(ctaLabel) => set({ packagesSection: { ...values.packagesSection, ctaLabel } })}
                />
                <ListRows rows={values.packages} noun="package" onChange={(packages) => set({ packages })}>
                  {(item, index, setItem) => <PackageFields index={index} values={item} errors={errors} onChange={setItem} />}
                </ListRows>
                <AddButton
                  label="Add a package"
                  noun="packages"
                  count={values.packages.length}
                  max={LIMITS.packages}
                  onClick={() => set({ packages: [...values.packages, emptyPackage()] })}
                />
              </>
            );
          case "faq":
            return (
              <>
                <SectionHeadFields
                  path="faq"
                  name="FAQ"
                  values={values.faqSection}
                  errors={errors}
                  onChange={(head) => set({ faqSection: { ...values.faqSection, ...head } })}
                />
                <ListRows rows={values.faq} noun="question" onChange={(faq) => set({ faq })}>
                  {(item, index, setItem) => (
                    <>
                      <TextField
                        path={`faq.items.${index}.question`}
                        label={`Question ${index + 1}`}
                        value={item.question}
                        errors={errors}
                        onChange={(question) => setItem({ ...item, question })}
                      />
                      <RichTextField
                        path={`faq.items.${index}.answer`}
                        label={`Answer ${index + 1}`}
                        value={item.answer}
                        errors={errors}
                        onChange={(answer) => setItem({ ...item, answer })}
                      />
                    </>
                  )}
                </ListRows>
                <AddButton
                  label="Add a question"
                  noun="questions"
                  count={values.faq.length}
                  max={LIMITS.faq}
                  onClick={() => set({ faq: [...values.faq, emptyQuestion()] })}
                />
              </>
            );
          default:
            return gallery ? (
              <>
                <SectionHeadFields
                  path="gallery"
                  name="Gallery"
                  values={gallery}
                  errors={errors}
                  onChange={(head) => set({ gallery: { ...gallery, ...head } })}
                />
                <RichTextField
                  path="gallery.text"
                  label="Gallery text"
                  value={gallery.text}
                  errors={errors}
                  onChange={(text) => set({ gallery: { ...gallery, text } })}
                />
                <TextField
                  path="gallery.linkLabel"
                  label="Gallery link label"
                  value={gallery.linkLabel}
                  errors={errors}
                  onChange={(linkLabel) => set({ gallery: { ...gallery, linkLabel } })}
                />
                <Button type="button" size="sm" variant="ghost" className={WRAPPING} onClick={() => set({ gallery: null })}>
                  <Trash2 aria-hidden />
                  Remove the gallery pointer
                </Button>
              </>
            ) : (
              <>
                <p className="text-sm text-muted-foreground">No pointer to the gallery: one invites visitors to the public gallery, with a link to it.</p>
                <Button type="button" size="sm" variant="outline" className={WRAPPING} onClick={() => set({ gallery: emptyGallery() })}>
                  <Plus aria-hidden />
                  Add a gallery pointer
                </Button>
              </>
            );
        }
      }}
    </Sections>
  );
}
