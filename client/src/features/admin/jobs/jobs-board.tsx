import { Briefcase, Search } from "lucide-react";
import { type FormEvent, useState } from "react";
import type { Job } from "@common/contract/jobs";
import { JOB_STATUS_LABELS, JOB_STATUSES } from "@common/jobs";
import { Button } from "@/components/ui/button";
import { JobStatusBadge } from "@/components/ui/job-status-badge";
import { DataTable, type TableColumn } from "@/components/ui/data-table";
import { FormField } from "@/components/ui/form-field";
import { Input, NativeSelect } from "@/components/ui/input";
import { EmptyState, ErrorState, LoadingState, PanelHeader } from "@/components/ui/panel-states";
import { formatWindow } from "@/lib/job-window";
import { useActiveServices } from "@/lib/services";
import { cn } from "@/lib/utils";
import { useAdminUsers } from "../api/get-admin-users";
import { type JobFilters, NO_JOB_FILTERS, useAdminJobs } from "./api/get-admin-jobs";
import { NewJobDialog } from "./new-job-dialog";
import { StaffOptions } from "./staff-options";
import { ServiceOptions, UserOptions } from "../choice-options";

function columns(open: (jobId: number) => void): TableColumn<Job>[] {
  return [
    {
      header: "Job",
      rowHeader: true,
      cell: (job) => (
        <button type="button" className="text-left text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring" onClick={() => open(job.id)}>
          {job.title}
        </button>
      ),
    },
    { header: "Customer", cell: (job) => job.customerName },
    { header: "Service", className: "max-md:hidden", cell: (job) => job.serviceName },
    { header: "State", cell: (job) => <JobStatusBadge status={job.status} /> },
    {
      header: "Window",
      className: "max-lg:hidden",
      cellClassName: "text-muted-foreground",
      cell: (job) => (job.scheduledStart && job.scheduledEnd ? formatWindow(job.scheduledStart, job.scheduledEnd, job.timeZone) : "—"),
    },
    { header: "Pilot", className: "max-lg:hidden", cell: (job) => job.pilotName ?? "—" },
  ];
}

/** The flight dates the board is narrowed to, as date inputs give them (YYYY-MM-DD, this browser's days); empty is open-ended. */
interface DateRange {
  from: string;
  to: string;
}

/** Whether the job flies within the range: with no range every job; with one, only jobs whose window starts in it. */
function fliesWithin({ from, to }: DateRange): (job: Job) => boolean {
  if (!from && !to) return () => true;
  const start = from ? new Date(`${from}T00:00`).getTime() : -Infinity;
  const end = to ? new Date(`${to}T00:00`).getTime() + 86_400_000 : Infinity;
  return (job) => job.scheduledStart !== null && Date.parse(job.scheduledStart) >= start && Date.parse(job.scheduledStart) < end;
}

/** The state buttons: each with its count among the jobs the other filters leave; one pressed at a time. */
function StateFilter({ filters, inRange, onChange }: { filters: JobFilters; inRange: (job: Job) => boolean; onChange: (status: JobFilters["status"]) => void }) {
  const all = useAdminJobs({ ...filters, status: "" });
  const count = (status: JobFilters["status"]) => all.data?.filter((job) => inRange(job) && (status === "" || job.status === status)).length;
  const choices = [{ status: "" as const, label: "All" }, ...JOB_STATUSES.map((status) => ({ status, label: JOB_STATUS_LABELS[status] }))];
  return (
    <div role="group" aria-label="Jobs by state" className="flex flex-wrap gap-2">
      {choices.map(({ status, label }) => (
        <Button
          key={label}
          type="button"
          size="sm"
          variant="outline"
          aria-pressed={filters.status === status}
          className={cn("normal-case tracking-normal", filters.status === status && "bg-primary/15")}
          onClick={() => onChange(status)}
        >
          {label}
          <span className="tabular-nums text-muted-foreground">{count(status) ?? "…"}</span>
        </Button>
      ))}
    </div>
  );
}

/** The jobs board: every job by state, narrowed by customer, service, pilot, flight dates and a search of title, site and customer. */
export function JobsBoard({ onOpen }: { onOpen: (jobId: number) => void }) {
  const [filters, setFilters] = useState<JobFilters>(NO_JOB_FILTERS);
  const [search, setSearch] = useState("");
  // The flight dates narrow the list here rather than on the server: the board holds every job already.
  const [dates, setDates] = useState<DateRange>({ from: "", to: "" });
  const inRange = fliesWithin(dates);
  const jobs = useAdminJobs(filters);
  const shown = jobs.data?.filter(inRange) ?? [];
  const users = useAdminUsers();
  const services = useActiveServices();
  const set = (patch: Partial<JobFilters>) => setFilters((current) => ({ ...current, ...patch }));
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    set({ q: search.trim() });
  };

  return (
    <section aria-labelledby="jobs-heading" className="space-y-5">
      <PanelHeader id="jobs-heading" title="Jobs">
        <NewJobDialog onCreated={onOpen} />
      </PanelHeader>
      <StateFilter filters={filters} inRange={inRange} onChange={(status) => set({ status })} />
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-5">
        <FormField id="jobs-filter-user" label="Customer">
          <NativeSelect id="jobs-filter-user" value={filters.userId} onChange={(event) => set({ userId: event.target.value })}>
            <option value="">All customers</option>
            <UserOptions users={(users.data ?? []).filter((user) => user.role === "customer")} />
          </NativeSelect>
        </FormField>
        <FormField id="jobs-filter-service" label="Service">
          <NativeSelect id="jobs-filter-service" value={filters.serviceId} onChange={(event) => set({ serviceId: event.target.value })}>
            <option value="">All services</option>
            <ServiceOptions services={services.data} />
          </NativeSelect>
        </FormField>
        <FormField id="jobs-filter-pilot" label="Pilot">
          <NativeSelect id="jobs-filter-pilot" value={filters.pilotId} onChange={(event) => set({ pilotId: event.target.value })}>
            <option value="">All pilots</option>
            <StaffOptions />
          </NativeSelect>
        </FormField>
        <div className="grid grid-cols-2 gap-2">
          <FormField id="jobs-filter-from" label="Flying from">
            <Input id="jobs-filter-from" type="date" value={dates.from} onChange={(event) => setDates({ ...dates, from: event.target.value })} />
          </FormField>
          <FormField id="jobs-filter-to" label="Flying to">
            <Input id="jobs-filter-to" type="date" value={dates.to} onChange={(event) => setDates({ ...dates, to: event.target.value })} />
          </FormField>
        </div>
        <form role="search" aria-label="Search jobs" onSubmit={onSearch} className="flex items-end gap-2">
          <FormField id="jobs-search" label="Search">
            <Input id="jobs-search" type="search" placeholder="Title, site or customer" value={search} onChange={(event) => setSearch(event.target.value)} />
          </FormField>
          <Button type="submit" size="icon" variant="outline" aria-label="Search">
            <Search aria-hidden />
          </Button>
        </form>
      </div>
      {jobs.isPending ? (
        <LoadingState label="Loading jobs…" />
      ) : jobs.isError ? (
        <ErrorState>{jobs.error.message || "Failed to load jobs"}</ErrorState>
      ) : shown.length ? (
        <div className="overflow-x-auto rounded-lg border">
          <DataTable
            rows={shown}
            columns={columns(onOpen)}
            caption="Jobs matching the filters"
            className="w-full text-sm"
            headClassName="hud-label px-4 py-3 text-left text-muted-foreground"
            cellClassName="px-4 py-3 align-top"
          />
        </div>
      ) : (
        <EmptyState icon={<Briefcase />}>No jobs match. Quote requests open jobs; New job opens one for a customer.</EmptyState>
      )}
    </section>
  );
}
