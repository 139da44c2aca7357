import { zodResolver } from "@hookform/resolvers/zod";
import { Send } from "lucide-react";
import { useForm } from "react-hook-form";
import { CONTACT_LIMITS, CONTACT_SERVICES, type ContactForm as ContactFormValues, contactFormSchema, emptyContactForm } from "@common/contact";
import { Button } from "@/components/ui/button";
import { fieldAria, FormField } from "@/components/ui/form-field";
import { Input, NativeSelect, Textarea } from "@/components/ui/input";
import { useHydrated } from "@/lib/use-hydrated";
import { toast } from "@/lib/use-toast";
import { sendContact } from "./api/send-contact";

/** The inquiry form of the contact section: idle → Sending... → reset on success, kept on failure (SPEC §4). */
export default function ContactForm() {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ContactFormValues>({ resolver: zodResolver(contactFormSchema), defaultValues: emptyContactForm });
  const hydrated = useHydrated();

  const onSubmit = handleSubmit(async (values, event) => {
    const honeypot = new FormData(event?.target as HTMLFormElement).get("website");
    const result = await sendContact({ ...values, website: typeof honeypot === "string" ? honeypot : "" });
    if (result.ok) {
      reset(emptyContactForm);
      toast({ title: "Message Sent", description: "Thank you for contacting us. We'll get back to you soon!", variant: "success" });
    } else {
      toast({ title: "Error", description: result.message, variant: "destructive" });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Contact inquiry">
      <fieldset disabled={!hydrated} className="space-y-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField id="contact-name" label="Name" error={errors.name?.message}>
            <Input id="contact-name" autoComplete="name" {...fieldAria("contact-name", errors.name?.message)} {...register("name")} />
          </FormField>
          <FormField id="contact-email" label="Email" error={errors.email?.message}>
            <Input id="contact-email" type="email" autoComplete="email" {...fieldAria("contact-email", errors.email?.message)} {...register("email")} />
          </FormField>
          <FormField id="contact-phone" label="Phone" error={errors.phone?.message}>
            <Input id="contact-phone" type="tel" autoComplete="tel" {...fieldAria("contact-phone", errors.phone?.message)} {...register("phone")} />
          </FormField>
          <FormField id="contact-service" label="Service" error={errors.service?.message}>
            <NativeSelect id="contact-service" {...fieldAria("contact-service", errors.service?.message)} {...register("service")}>
              <option value="">Select a service</option>
              {CONTACT_SERVICES.map((service) => (
                <option key={service.value} value={service.value}>
                  {service.label}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        </div>
        <FormField id="contact-message" label="Message" error={errors.message?.message}>
          <Textarea id="contact-message" rows={CONTACT_LIMITS.messageRows} {...fieldAria("contact-message", errors.message?.message)} {...register("message")} />
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
