import type { ComponentType, ReactNode } from "react";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "./tabs";

export interface IconTab {
  value: string;
  label: string;
  icon: ComponentType<{ "aria-hidden"?: boolean }>;
  panel: ReactNode;
  /** Read out as part of the tab's name, after its label (a count). */
  badge?: ReactNode;
  /** Keep the panel mounted while hidden, so a half-filled form survives a tab switch. */
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
}

/** The sections of a dashboard as tabs, each trigger with its icon and label. */
export function IconTabs({ value, onValueChange, label, tabs, listClassName, triggerClassName }: IconTabsProps) {
  return (
    <Tabs value={value} onValueChange={onValueChange}>
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
        <TabsContent key={tab} value={tab} {...(keepMounted ? { forceMount: true } : {})}>
          {panel}
        </TabsContent>
      ))}
    </Tabs>
  );
}
