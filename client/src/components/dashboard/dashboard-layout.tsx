import { type ComponentType, type ReactNode, useState } from "react";
import { NativeSelect } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { PageHeading } from "@/components/ui/page-heading";
import { LoadingState } from "@/components/ui/panel-states";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";

export interface IconTab {
  value: string;
  label: string;
  icon: ComponentType<{ "aria-hidden"?: boolean }>;
  panel: ReactNode;
  /** Read out as part of the tab's name, after its label (a count). */
  badge?: ReactNode;
  /**
   * Keep the panel mounted while hidden once it has been opened, so a half-filled form survives a
   * tab switch. Not before: a panel never opened costs nothing, not even its code.
   */
  keepMounted?: boolean;
}

interface IconTabsProps {
  value: string;
  onValueChange: (value: string) => void;
  /** Names the tab list. */
  label: string;
  tabs: readonly IconTab[];
  listClassName: string;
  triggerClassName: string;
  /** The tabs as a column beside the panels (a sidebar, from large screens up) instead of a row above them. */
  sidebar?: boolean;
  /**
   * On phones, one menu of the sections in place of the tabs: fifteen tabs would fill the first
   * screen before any of its content. The tab list then shows from 640 px up (`listClassName`
   * hides it below with `max-sm:hidden`).
   */
  compact?: boolean;
}

/** The sections of a dashboard as tabs, each trigger with its icon and label. */
function IconTabs({ value, onValueChange, label, tabs, listClassName, triggerClassName, sidebar = false, compact = false }: IconTabsProps) {
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set([value]));
  if (!opened.has(value)) setOpened(new Set([...opened, value]));
  return (
    <Tabs
      value={value}
      onValueChange={onValueChange}
      orientation={sidebar ? "vertical" : "horizontal"}
      className={sidebar ? "lg:grid lg:grid-cols-[13rem_minmax(0,1fr)] lg:items-start lg:gap-8" : undefined}
    >
      {compact ? (
        <div className="space-y-1.5 sm:hidden">
          <Label htmlFor="dashboard-section">Section</Label>
          <NativeSelect id="dashboard-section" value={value} onChange={(event) => onValueChange(event.target.value)}>
            {tabs.map(({ value: tab, label: name }) => (
              <option key={tab} value={tab}>
                {name}
              </option>
            ))}
          </NativeSelect>
        </div>
      ) : null}
      <TabsList aria-label={label} className={listClassName}>
        {tabs.map(({ value: tab, label: name, icon: Icon, badge }) => (
          <TabsTrigger key={tab} value={tab} className={triggerClassName}>
            <Icon aria-hidden />
            {name}
            {badge}
          </TabsTrigger>
        ))}
      </TabsList>
      {tabs.map(({ value: tab, panel, keepMounted }) => (
        <TabsContent
          key={tab}
          value={tab}
          className={sidebar ? "lg:col-start-2 lg:row-start-1 lg:mt-0" : undefined}
          {...(keepMounted && opened.has(tab) ? { forceMount: true } : {})}
        >
          {panel}
        </TabsContent>
      ))}
    </Tabs>
  );
}

interface DashboardLayoutProps extends Omit<IconTabsProps, "value"> {
  eyebrow: string;
  title: string;
  /** What the heading says under the title. */
  intro: ReactNode;
  /** The heading's action, across from the intro. */
  action: ReactNode;
  /** The open tab; undefined while what decides the first one is loading (the tabs wait, rather than open on one and jump). */
  value: string | undefined;
  /** Above the tabs, under the heading: what the screen puts first (the customer's "Waiting for you"). */
  lead?: ReactNode;
}

/** A dashboard screen: its heading with an intro and an action, then its sections as tabs. */
export function DashboardLayout({ eyebrow, title, intro, action, lead, value, ...tabs }: DashboardLayoutProps) {
  return (
    <>
      <PageHeading eyebrow={eyebrow} title={title}>
        <div className="mt-1 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
          <p className="text-sm text-muted-foreground max-sm:hidden">{intro}</p>
          {action}
        </div>
      </PageHeading>
      <div className="mx-auto max-w-7xl space-y-8 px-4 py-6 sm:px-6 lg:px-8">
        {lead}
        {value === undefined ? <LoadingState label="Loading your dashboard…" /> : <IconTabs value={value} {...tabs} />}
      </div>
    </>
  );
}
