import { Check } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import type { SettingKey, SettingsView } from "@common/contract/settings";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { PageHeading } from "@/components/ui/page-heading";
import { cn } from "@/lib/utils";
import { toast } from "@/lib/use-toast";
import { useSaveSettings } from "./api/settings";
import { LogoField } from "./logo-field";
import { CurrencySetting, TimeZoneSetting } from "./setting-fields";
import { useSettingsForm } from "./settings-form";
import { ContactFields, MailServerFields, SaveButton, savedToast, SectionForm, TaxFields } from "./settings-sections";
import { TestMail } from "./test-mail";

const PREFIX = "setup";

const STEPS = [
  { title: "Business", settings: ["businessName", "phone", "email", "address"] },
  { title: "Time zone & money", settings: ["timeZone", "currency", "taxRatePercent", "taxLabel"] },
  { title: "Mail", settings: ["mail"] },
] as const satisfies readonly { title: string; settings: readonly SettingKey[] }[];

const FINISHED = "Setup finished: everything it asked is in the Settings tab";

/** Skip for now: the setup ends as it is, and the Settings tab holds what it left. */
function SkipButton({ onFailed }: { onFailed: (message: string) => void }) {
  const save = useSaveSettings();
  return (
    <Button
      type="button"
      variant="ghost"
      disabled={save.isPending}
      onClick={async () => {
        const answer = await save.mutateAsync({ setupDone: true });
        if (!answer.ok) onFailed(answer.message ?? answer.generic);
      }}
    >
      Skip for now
    </Button>
  );
}

interface StepProps {
  view: SettingsView;
  onNext: () => void;
  onBack: (() => void) | undefined;
  onFailed: (message: string) => void;
}

const BackButton = ({ onBack }: { onBack: (() => void) | undefined }) =>
  onBack ? (
    <Button type="button" variant="outline" onClick={onBack}>
      Back
    </Button>
  ) : null;

function BusinessStep({ view, onNext, onBack, onFailed }: StepProps) {
  const { form, submit, refusal, pending } = useSettingsForm(view, STEPS[0].settings);
  return (
    <SectionForm
      label="Business"
      onSubmit={submit(onNext)}
      refusal={refusal}
      actions={
        <>
          <BackButton onBack={onBack} />
          <SaveButton pending={pending}>Save and continue</SaveButton>
          <SkipButton onFailed={onFailed} />
        </>
      }
    >
      <ContactFields view={view} form={form} prefix={PREFIX} />
      <LogoField logoUrl={view.values.logoUrl} businessName={view.values.businessName} />
    </SectionForm>
  );
}

function MoneyStep({ view, onNext, onBack, onFailed }: StepProps) {
  const { form, submit, refusal, pending } = useSettingsForm(view, STEPS[1].settings);
  const fields = { view, form, prefix: PREFIX };
  return (
    <SectionForm
      label="Time zone & money"
      onSubmit={submit(onNext)}
      refusal={refusal}
      actions={
        <>
          <BackButton onBack={onBack} />
          <SaveButton pending={pending}>Save and continue</SaveButton>
          <SkipButton onFailed={onFailed} />
        </>
      }
    >
      <TimeZoneSetting {...fields} />
      <CurrencySetting {...fields} />
      <TaxFields {...fields} />
    </SectionForm>
  );
}

/** The mail server, saved before its test is sent; Finish saves what is typed and ends the setup. */
function MailStep({ view, onBack, onFailed }: StepProps) {
  const { form, submit, refusal, pending } = useSettingsForm(view, STEPS[2].settings);
  const finish = submit(() => toast({ title: FINISHED, variant: "success" }), { setupDone: true });
  return (
    <SectionForm
      label="Mail"
      onSubmit={submit(savedToast)}
      refusal={refusal}
      actions={
        <>
          <BackButton onBack={onBack} />
          <SaveButton pending={pending}>Save mail server</SaveButton>
          <Button type="button" variant="outline" disabled={pending} onClick={() => void finish()}>
            Finish
          </Button>
          <SkipButton onFailed={onFailed} />
        </>
      }
    >
      <MailServerFields view={view} form={form} prefix={PREFIX} />
      <TestMail />
    </SectionForm>
  );
}

/**
 * The first-run setup (docs/product.md §2, Back office: first-run setup): what an admin opening the
 * back office sees first until it is finished or skipped, in three short steps, each saved as it is
 * left. It never comes back once done; the Settings tab holds all of it and more.
 */
export function FirstRunSetup({ view }: { view: SettingsView }) {
  const [step, setStep] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const onFailed = (message: string) => toast({ title: "The setup could not be skipped", description: message, variant: "destructive" });

  // A new step puts the reader at its heading, as a new page would; the first one leaves focus where the page put it.
  useEffect(() => {
    if (moved.current) heading.current?.focus();
    moved.current = true;
  }, [step]);

  const current = STEPS[step]!;
  const props: StepProps = { view, onNext: () => setStep(step + 1), onBack: step > 0 ? () => setStep(step - 1) : undefined, onFailed };
  return (
    <>
      <PageHeading eyebrow="// Back office · First-run setup" title="Set up your business">
        <p className="mt-4 text-lg text-muted-foreground">
          Three short steps before the back office: the business, its time zone and money, and its mail. Each can be skipped, and all of it changed later in the
          Settings tab. Until you save your own details, the site shows a sample business's.
        </p>
      </PageHeading>
      <div className="mx-auto max-w-3xl space-y-6 px-4 py-10 sm:px-6 lg:px-8">
        <ol aria-label="Setup steps" className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
          {STEPS.map(({ title }, index) => (
            <li
              key={title}
              aria-current={index === step ? "step" : undefined}
              className={cn("flex items-center gap-2", index === step ? "font-semibold text-primary" : "text-muted-foreground")}
            >
              <span className="flex size-6 items-center justify-center rounded-full border border-current text-xs" aria-hidden>
                {index < step ? <Check className="size-3.5" /> : index + 1}
              </span>
              {title}
            </li>
          ))}
        </ol>
        <Card className="space-y-6">
          <h2 ref={heading} tabIndex={-1} className="text-2xl font-bold tracking-tight focus-visible:outline-none">
            Step {step + 1} of {STEPS.length}: {current.title}
          </h2>
          {step === 0 ? <BusinessStep key="business" {...props} /> : step === 1 ? <MoneyStep key="money" {...props} /> : <MailStep key="mail" {...props} />}
        </Card>
      </div>
    </>
  );
}
