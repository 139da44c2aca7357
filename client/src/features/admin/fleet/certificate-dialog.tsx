import { Pencil, Plus } from "lucide-react";
import { useId } from "react";
import { type Path, useForm } from "react-hook-form";
import type { Certificate } from "@common/contract/operator-records";
import { CERTIFICATE_TYPE_LABELS, CERTIFICATE_TYPES, type CertificateType, newCertificateSchema } from "@common/operator-records";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogHeading, DialogTrigger } from "@/components/ui/dialog";
import { DialogForm, issuesOf, refuseIssues, useFormDialog } from "@/components/ui/form-dialog";
import { fieldAria, FormField, InputField } from "@/components/ui/form-field";
import { NativeSelect } from "@/components/ui/input";
import { showRefusal } from "@/lib/show-refusal";
import { toast } from "@/lib/use-toast";
import { useSaveCertificate } from "./api";

interface CertificateValues {
  type: CertificateType;
  number: string;
  issuedOn: string;
  expiresOn: string;
}

const FIELDS = ["type", "number", "issuedOn", "expiresOn"] as const;
const fieldOf = (path: string) => ((FIELDS as readonly string[]).includes(path) ? (path as Path<CertificateValues>) : undefined);
const valuesOf = (certificate: Certificate | undefined): CertificateValues =>
  certificate
    ? { type: certificate.type, number: certificate.number, issuedOn: certificate.issuedOn, expiresOn: certificate.expiresOn }
    : { type: "faa-part-107", number: "", issuedOn: "", expiresOn: "" };

/**
 * Add certificate, or Edit on one: a remote-pilot certificate's type, number, issue day and the last
 * day it is current (for Part 107 the recurrent training's due date, the end of the 24th calendar
 * month after the last). A renewal is best added as a new certificate, the old one kept as history.
 */
export function CertificateDialog({ pilotId, certificate }: { pilotId: number; certificate?: Certificate }) {
  const save = useSaveCertificate();
  const form = useForm<CertificateValues>({ defaultValues: valuesOf(certificate) });
  const { open, onOpenChange, close, refusal, setRefusal } = useFormDialog(() => form.reset(valuesOf(certificate)));
  const { errors } = form.formState;
  const prefix = useId();
  const id = (field: keyof CertificateValues) => `${prefix}-${field}`;
  const title = certificate ? "Edit certificate" : "Add certificate";
  const partOneOhSeven = form.watch("type") === "faa-part-107";

  const onSubmit = form.handleSubmit(async (values) => {
    setRefusal(undefined);
    if (refuseIssues(issuesOf(newCertificateSchema.safeParse(values)), form.setError, fieldOf)) return;
    const answer = await save.mutateAsync({ pilotId, ...(certificate ? { id: certificate.id } : {}), body: values });
    if (!answer.ok) {
      setRefusal(showRefusal(answer, form.setError, fieldOf));
      return;
    }
    toast({ title: answer.data.message, description: `${CERTIFICATE_TYPE_LABELS[values.type]} ${values.number}`, variant: "success" });
    close();
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        {certificate ? (
          <Button type="button" size="sm" variant="ghost">
            <Pencil aria-hidden />
            Edit<span className="sr-only"> certificate {certificate.number}</span>
          </Button>
        ) : (
          <Button type="button">
            <Plus aria-hidden />
            Add certificate
          </Button>
        )}
      </DialogTrigger>
      <DialogContent>
        <DialogHeading
          eyebrow="// Fleet & compliance"
          title={title}
          description="Checked when a job is scheduled: the pilot's newest certificate of each type must be current on the flight's day."
        />
        <DialogForm label={title} onSubmit={onSubmit} refusal={refusal} submit="Save certificate" submitting="Saving…" pending={save.isPending}>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id={id("type")} label="Type" error={errors.type?.message}>
              <NativeSelect id={id("type")} {...fieldAria(id("type"), errors.type?.message)} {...form.register("type")}>
                {CERTIFICATE_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {CERTIFICATE_TYPE_LABELS[type]}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <InputField id={id("number")} label="Number" autoComplete="off" error={errors.number?.message} registration={form.register("number")} />
            <InputField id={id("issuedOn")} label="Issued on" type="date" error={errors.issuedOn?.message} registration={form.register("issuedOn")} />
            <InputField
              id={id("expiresOn")}
              label={partOneOhSeven ? "Recurrent training due" : "Expires on"}
              type="date"
              error={errors.expiresOn?.message}
              registration={form.register("expiresOn")}
            />
          </div>
        </DialogForm>
      </DialogContent>
    </Dialog>
  );
}
