import { Briefcase, Search, X } from "lucide-react";
import { type FormEvent, useDeferredValue, useState } from "react";
import type { Job } from "@common/contract/jobs";
import { JOB_STATUS_LABELS, JOB_STATUSES } from "@common/job-status";
import { JobStatusBadge } from "@/components/jobs/job-status-badge";
import { Button } from "@/components/ui/button";
import { DataTable, type TableColumn } from "@/components/ui/data-table";
import { fieldAria, FormField } from "@/components/ui/form-field";
import { Input, NativeSelect } from "@/components/ui/input";
import { EmptyState, ErrorState, LoadingState, PanelHeader } from "@/components/ui/panel-states";
import { formatWindow } from "@/lib/job-window";
import { useActiveServices } from "@/api/services";
import { cn } from "@/lib/utils";
import { useAdminUsers } from "../api/get-admin-users";
import { ServiceOptions, UserOptions } from "../choice-options";
import { type JobFilters, JobsLoadError, NO_JOB_FILTERS, useAdminJobs } from "./api/get-admin-jobs";
import { JobLink, useBoardFilters, useOpenJob } from "./job-address";
import { NewJobButton } from "./new-job-button";
import { StaffOptions } from "./staff-options";

function columns(admin: boolean): TableColumn<Job>[] {
  const all: TableColumn<Job>[] = [
    {
      header: "Job",
      rowHeader: true,
      cell: (job) => (
        <>
          {/* Underlined, not told by colour alone: on phones the customer's name shares the cell (axe's link-in-text-block). */}
          <JobLink jobId={job.id} className="text-primary underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-ring">
            {job.title}
          </JobLink>
          {/* Phones have no room for the customer's column: the name goes under the job's. */}
          <span className="block font-normal text-muted-foreground sm:hidden">{job.customerName}</span>
        </>
      ),
    },
    { header: "Customer", className: "max-sm:hidden", cellClassName: "break-words", cell: (job) => job.customerName },
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
  // A pilot's board holds only their own jobs: the pilot column would name them on every row.
  return admin ? all : all.filter((column) => column.header !== "Pilot");
}

/** The state buttons: each with its count among the jobs the other filters leave; one pressed at a time. */
function StateFilter({ filters, onChange }: { filters: JobFilters; onChange: (status: JobFilters["status"]) => void }) {
  const all = useAdminJobs({ ...filters, status: "" });
  const count = (status: JobFilters["status"]) => all.data?.filter((job) => status === "" || job.status === status).length;
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
          className={cn("normal-case tracking-normal", filters.status === status && "bg-primary/15 text-foreground")}
          onClick={() => onChange(status)}
        >
          {label}
          <span className="tabular-nums text-muted-foreground">{count(status) ?? "…"}</span>
        </Button>
      ))}
    </div>
  );
}

/** The search of title, site and customer: typed freely, applied on submit. */
function SearchForm({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const [search, setSearch] = useState(q);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(search.trim());
  };
  return (
    <form role="search" aria-label="Search jobs" onSubmit={submit} className="flex items-end gap-2">
      <div className="min-w-0 flex-1">
        <FormField id="jobs-search" label="Search">
          <Input id="jobs-search" type="search" placeholder="Title, site or customer" value={search} onChange={(event) => setSearch(event.target.value)} />
        </FormField>
      </div>
      <Button type="submit" size="icon" variant="outline" aria-label="Search">
        <Search aria-hidden />
      </Button>
    </form>
  );
}

/**
 * Jobs tab: every job (a pilot's own, for a pilot) by state with counts, filtered by customer,
 * service, pilot and flight days, and searched; each row links to the job's page. The filters live
 * in the address (job-address.tsx), so Back from a job and a reload find the board as it was left.
 */
export function JobsBoard({ admin }: { admin: boolean }) {
  const [filters, set] = useBoardFilters();
  const openJob = useOpenJob();
  const jobs = useAdminJobs(filters);
  // The table is drawn in a background render React splits into slices, as in RequireAuth.
  const rows = useDeferredValue(jobs.data);
  const services = useActiveServices();
  const filtered = Object.values(filters).some(Boolean);
  const refused = jobs.error instanceof JobsLoadError ? jobs.error.fields : {};

  return (
    <section aria-labelledby="jobs-heading" className="space-y-5">
      <PanelHeader id="jobs-heading" title="Jobs">
        {admin ? <NewJobButton onCreated={openJob} /> : null}
      </PanelHeader>
      <StateFilter filters={filters} onChange={(status) => set({ status })} />
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {admin ? <AdminFilters filters={filters} set={set} /> : null}
        <FormField id="jobs-filter-service" label="Service">
          <NativeSelect id="jobs-filter-service" value={filters.serviceId} onChange={(event) => set({ serviceId: event.target.value })}>
            <option value="">All services</option>
            <ServiceOptions services={services.data} />
          </NativeSelect>
        </FormField>
        <div className="grid grid-cols-2 gap-2">
          <FormField id="jobs-filter-from" label="Flying from" error={refused.from}>
            <Input
              id="jobs-filter-from"
              type="date"
              value={filters.from}
              onChange={(event) => set({ from: event.target.value })}
              {...fieldAria("jobs-filter-from", refused.from)}
            />
          </FormField>
          <FormField id="jobs-filter-to" label="Flying to" error={refused.to}>
            <Input
              id="jobs-filter-to"
              type="date"
              value={filters.to}
              onChange={(event) => set({ to: event.target.value })}
              {...fieldAria("jobs-filter-to", refused.to)}
            />
          </FormField>
        </div>
        {/* Keyed by the applied search, so clearing the filters empties the box too. */}
        <SearchForm key={filters.q} q={filters.q} onSearch={(q) => set({ q })} />
        {filtered ? (
          <div className="flex items-end">
            <Button type="button" variant="ghost" onClick={() => set(NO_JOB_FILTERS)}>
              <X aria-hidden />
              Clear filters
            </Button>
          </div>
        ) : null}
      </div>
      {jobs.isPending || (jobs.isSuccess && !rows) ? (
        <LoadingState label="Loading jobs…" />
      ) : jobs.isError ? (
        <div role="alert">
          {/* A refused filter shows its message under the field; the list then says why it is empty. */}
          <ErrorState>
            {Object.keys(refused).length ? "No jobs shown: correct the filter marked above." : jobs.error.message || "Failed to load jobs"}
          </ErrorState>
        </div>
      ) : rows?.length ? (
        <div className="relative overflow-x-auto rounded-lg border">
          <DataTable
            rows={rows}
            columns={columns(admin)}
            caption="Jobs matching the filters"
            className="w-full text-sm"
            headClassName="hud-label px-4 py-3 text-left text-muted-foreground max-sm:px-3"
            cellClassName="px-4 py-3 align-top max-sm:px-3"
          />
        </div>
      ) : (
        <EmptyState icon={<Briefcase />}>
          {admin ? "No jobs match. Quote requests open jobs; New job opens one for a customer." : "No jobs match. The jobs an admin assigns to you show here."}
        </EmptyState>
      )}
    </section>
  );
}

/** The filters only an admin has: by customer and by pilot (a pilot's board is theirs alone, and they may not list accounts). */
function AdminFilters({ filters, set }: { filters: JobFilters; set: (patch: Partial<JobFilters>) => void }) {
  const users = useAdminUsers();
  return (
    <>
      <FormField id="jobs-filter-user" label="Customer">
        <NativeSelect id="jobs-filter-user" value={filters.userId} onChange={(event) => set({ userId: event.target.value })}>
          <option value="">All customers</option>
          <UserOptions users={(users.data ?? []).filter((user) => user.role === "customer")} />
        </NativeSelect>
      </FormField>
      <FormField id="jobs-filter-pilot" label="Pilot">
        <NativeSelect id="jobs-filter-pilot" value={filters.pilotId} onChange={(event) => set({ pilotId: event.target.value })}>
          <option value="">All pilots</option>
          <StaffOptions />
        </NativeSelect>
      </FormField>
    </>
  );
}
