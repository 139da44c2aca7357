import { Send } from "lucide-react";
import { type FormEvent, useState } from "react";
import { checkContactForm, CONTACT_FIELDS, CONTACT_LIMITS, type ContactForm as ContactFormValues, type ContactFormErrors } from "@common/contact";
import { CONTACT_SERVICES } from "@common/services-offered";
import { Button } from "@/components/ui/button";
import { fieldAria, FormField } from "@/components/ui/form-field";
import { Input, NativeSelect, Textarea } from "@/components/ui/input";
import { useHydrated } from "@/lib/use-hydrated";
import { toast } from "@/lib/use-toast";
import { sendContact } from "./api/send-contact";

/** The form's current values, read from its controls (they keep their own state). */
function readValues(form: HTMLFormElement): ContactFormValues {
  const data = new FormData(form);
  const value = (name: string) => {
    const entry = data.get(name);
    return typeof entry === "string" ? entry : "";
  };
  return { name: value("name"), email: value("email"), phone: value("phone"), service: value("service"), message: value("message") };
}

/**
 * The inquiry form of the contact section: idle → Sending... → reset on success, kept on failure (docs/product.md §4).
 * Plain React over uncontrolled fields with common/contact.ts's checkContactForm, rather than
 * react-hook-form and a zod resolver: this code loads on every page, and those two weigh about 30 KB
 * gzip (issue 20). As react-hook-form did: checked on submit, focus to the first field in error,
 * then checked again on every change until it is sent.
 */
export default function ContactForm() {
  const [errors, setErrors] = useState<ContactFormErrors>({});
  const [recheck, setRecheck] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const hydrated = useHydrated();

  const onChange = (event: FormEvent<HTMLFormElement>) => {
    if (recheck) setErrors(checkContactForm(readValues(event.currentTarget)).errors);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    const form = event.currentTarget;
    const { values, errors: found } = checkContactForm(readValues(form));
    setErrors(found);
    setRecheck(true);
    const firstInvalid = CONTACT_FIELDS.find((field) => found[field]);
    if (firstInvalid) {
      const control = form.elements.namedItem(firstInvalid);
      if (control instanceof HTMLElement) control.focus();
      return;
    }
    const honeypot = new FormData(form).get("website");
    setSubmitting(true);
    const result = await sendContact({ ...values, website: typeof honeypot === "string" ? honeypot : "" });
    setSubmitting(false);
    if (result.ok) {
      form.reset();
      setErrors({});
      setRecheck(false);
      toast({ title: "Message Sent", description: "Thank you for contacting us. We'll get back to you soon!", variant: "success" });
    } else {
      toast({ title: "Error", description: result.message, variant: "destructive" });
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} onChange={onChange} noValidate aria-label="Contact inquiry">
      <fieldset disabled={!hydrated} className="space-y-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField id="contact-name" label="Name" error={errors.name}>
            <Input id="contact-name" name="name" autoComplete="name" {...fieldAria("contact-name", errors.name)} />
          </FormField>
          <FormField id="contact-email" label="Email" error={errors.email}>
            <Input id="contact-email" name="email" type="email" autoComplete="email" {...fieldAria("contact-email", errors.email)} />
          </FormField>
          <FormField id="contact-phone" label="Phone" error={errors.phone}>
            <Input id="contact-phone" name="phone" type="tel" autoComplete="tel" {...fieldAria("contact-phone", errors.phone)} />
          </FormField>
          <FormField id="contact-service" label="Service" error={errors.service}>
            <NativeSelect id="contact-service" name="service" defaultValue="" {...fieldAria("contact-service", errors.service)}>
              <option value="">Select a service</option>
              {CONTACT_SERVICES.map((service) => (
                <option key={service.value} value={service.value}>
                  {service.label}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        </div>
        <FormField id="contact-message" label="Message" error={errors.message}>
          <Textarea id="contact-message" name="message" rows={CONTACT_LIMITS.messageRows} {...fieldAria("contact-message", errors.message)} />
        </FormField>
        {/* Honeypot: hidden from people and assistive technology; bots that fill it are dropped. */}
        <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
          <label htmlFor="contact-website">Website</label>
          <input id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        <Button type="submit" size="lg" disabled={isSubmitting} className="w-full sm:w-auto">
          <Send aria-hidden />
          {isSubmitting ? "Sending..." : "Send Message"}
        </Button>
      </fieldset>
    </form>
  );
}
