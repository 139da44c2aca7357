import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { FormProvider, type Path, useForm } from "react-hook-form";
import type { z } from "zod";
import { type CreateJobInput, createJobSchema } from "@common/jobs";
import { Button } from "@/components/ui/button";
import type { OpensAtOnce } from "@/components/ui/dialog-on-demand";
import { Dialog, DialogActions, DialogContent, DialogHeading, DialogTrigger } from "@/components/ui/dialog";
import { fieldAria, FormField } from "@/components/ui/form-field";
import { NativeSelect } from "@/components/ui/input";
import { FormRefusal } from "@/components/ui/panel-states";
import { useActiveServices } from "@/api/services";
import { toast } from "@/lib/use-toast";
import { useAdminUsers } from "../api/get-admin-users";
import { useCreateJob } from "./api/write-job";
import { showRefusal } from "@/lib/show-refusal";
import { ServiceOptions, UserOptions } from "../choice-options";
import { NewJobTrigger } from "./new-job-trigger";
import { TitleAndSiteFields, TITLE_AND_SITE_FIELDS } from "./site-fields";

type NewJob = z.output<typeof createJobSchema>;

const EMPTY: CreateJobInput = { userId: "", serviceId: "", title: "", site: { name: "", address: "", latitude: null, longitude: null } };

const FIELDS = new Set(["userId", "serviceId", ...TITLE_AND_SITE_FIELDS]);

/** "New job": an admin opens a job for a customer (POST /api/admin/jobs), checked by the server's own schema. */
export function NewJobDialog({ onCreated, openAtOnce = false }: { onCreated: (jobId: number) => void } & OpensAtOnce) {
  const [open, setOpen] = useState(openAtOnce);
  const [refusal, setRefusal] = useState<string>();
  const users = useAdminUsers();
  const services = useActiveServices();
  const create = useCreateJob();
  const form = useForm<CreateJobInput, unknown, NewJob>({ resolver: zodResolver(createJobSchema), defaultValues: EMPTY });
  const { register, formState, setError } = form;
  const { errors } = formState;
  const customers = (users.data ?? []).filter((user) => user.role === "customer");

  const onSubmit = form.handleSubmit(async (job) => {
    setRefusal(undefined);
    const answer = await create.mutateAsync(job);
    if (!answer.ok) {
      setRefusal(showRefusal(answer, setError, (path) => (FIELDS.has(path) ? (path as Path<CreateJobInput>) : undefined)));
      return;
    }
    toast({ title: answer.data.message, variant: "success" });
    setOpen(false);
    form.reset(EMPTY);
    onCreated(answer.data.data.id);
  });

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <NewJobTrigger />
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeading eyebrow="// New job" title="Open a job" description="A mission flown for one customer, for one service, at one site." />
        <FormProvider {...form}>
          <form onSubmit={onSubmit} noValidate aria-label="New job" className="space-y-4">
            <FormRefusal>{refusal}</FormRefusal>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField id="new-job-user" label="Customer" error={errors.userId?.message}>
                <NativeSelect id="new-job-user" {...fieldAria("new-job-user", errors.userId?.message)} {...register("userId")}>
                  <option value="">{users.isPending ? "Loading customers…" : "Select a customer"}</option>
                  <UserOptions users={customers} />
                </NativeSelect>
              </FormField>
              <FormField id="new-job-service" label="Service" error={errors.serviceId?.message}>
                <NativeSelect id="new-job-service" {...fieldAria("new-job-service", errors.serviceId?.message)} {...register("serviceId")}>
                  <option value="">{services.isPending ? "Loading services…" : "Select a service"}</option>
                  <ServiceOptions services={services.data} />
                </NativeSelect>
              </FormField>
            </div>
            <TitleAndSiteFields idPrefix="new-job" />
            <DialogActions closeLabel="Cancel">
              <Button type="submit" disabled={create.isPending}>
                {create.isPending ? "Creating…" : "Create job"}
              </Button>
            </DialogActions>
          </form>
        </FormProvider>
      </DialogContent>
    </Dialog>
  );
}
