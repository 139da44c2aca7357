import { Send } from "lucide-react";
import { checkContactForm, CONTACT_FIELDS, CONTACT_LIMITS } from "@common/contact";
import { CONTACT_SERVICES } from "@common/services-offered";
import { Button } from "@/components/ui/button";
import { fieldAria, FormField } from "@/components/ui/form-field";
import { Input, NativeSelect, Textarea } from "@/components/ui/input";
import { useCheckedForm } from "@/lib/use-checked-form";
import { useHydrated } from "@/lib/use-hydrated";
import { toast } from "@/lib/use-toast";
import { sendContact } from "./api/send-contact";

/**
 * The inquiry form of the contact section: idle → Sending... → reset on success, kept on failure (docs/product.md §4).
 * Uncontrolled fields checked by common/contact.ts's checkContactForm (useCheckedForm), rather than
 * react-hook-form and a zod resolver: this code loads on every page, and those two weigh about 30 KB
 * gzip (docs/decisions/0042-form-rules-as-plain-code.md).
 */
export default function ContactForm() {
  const hydrated = useHydrated();
  const { errors, isSubmitting, formProps } = useCheckedForm({
    fields: CONTACT_FIELDS,
    check: checkContactForm,
    onValid: async (values, form) => {
      const honeypot = new FormData(form).get("website");
      const result = await sendContact({ ...values, website: typeof honeypot === "string" ? honeypot : "" });
      if (result.ok) {
        form.reset();
        toast({ title: "Message Sent", description: "Thank you for contacting us. We'll get back to you soon!", variant: "success" });
      } else {
        toast({ title: "Error", description: result.message, variant: "destructive" });
      }
    },
  });

  return (
    <form {...formProps} aria-label="Contact inquiry">
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
