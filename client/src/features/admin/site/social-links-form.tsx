import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import type { SocialLink } from "@common/contract/site-content";
import { SOCIAL_NETWORK_LABELS, SOCIAL_NETWORKS, type SocialLinksInput, socialLinksInputSchema, type SocialNetwork } from "@common/site-content";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { InputField } from "@/components/ui/form-field";
import { ErrorState, FormRefusal, LoadingState, PanelHeader } from "@/components/ui/panel-states";
import { showRefusal } from "@/lib/show-refusal";
import { toast } from "@/lib/use-toast";
import { useAdminSocialLinks, useSaveSocialLinks } from "./api/site-content";

type Saved = z.output<typeof socialLinksInputSchema>;

const valuesOf = (links: readonly SocialLink[]): Record<SocialNetwork, string> =>
  Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, links.find((link) => link.network === network)?.url ?? ""])) as Record<SocialNetwork, string>;

const fieldOf = (path: string) => SOCIAL_NETWORKS.find((network) => network === path);

/**
 * The contact section's social profiles (docs/product.md §2): one address per network, checked here
 * and by the server (http or https only). An empty one puts the icon back on its placeholder target.
 */
export function SocialLinksForm() {
  const links = useAdminSocialLinks();
  const save = useSaveSocialLinks();
  const form = useForm<SocialLinksInput, unknown, Saved>({ resolver: zodResolver(socialLinksInputSchema), defaultValues: valuesOf([]) });
  const [refusal, setRefusal] = useState<string>();
  const { errors } = form.formState;

  // The form starts from what is stored once it has loaded, and never overwrites what is being typed.
  const loaded = links.data;
  useEffect(() => {
    if (loaded && !form.formState.isDirty) form.reset(valuesOf(loaded));
  }, [loaded, form]);

  const onSubmit = form.handleSubmit(async (input) => {
    setRefusal(undefined);
    const answer = await save.mutateAsync(input);
    if (!answer.ok) {
      setRefusal(showRefusal(answer, form.setError, fieldOf));
      return;
    }
    form.reset(valuesOf(answer.data.data));
    toast({ title: answer.data.message, variant: "success" });
  });

  return (
    <section aria-labelledby="social-links-heading">
      <PanelHeader id="social-links-heading" title="Social links" />
      <Card>
        {links.isPending ? (
          <LoadingState label="Loading the social links…" />
        ) : links.isError ? (
          <ErrorState>The social links could not be loaded.</ErrorState>
        ) : (
          <form onSubmit={onSubmit} noValidate aria-label="Social links" className="space-y-4">
            <p className="text-sm text-muted-foreground">
              The addresses of the business's profiles, linked from the contact section of every page. Leave one empty to keep its icon's placeholder.
            </p>
            <FormRefusal>{refusal}</FormRefusal>
            <div className="grid gap-4 sm:grid-cols-2">
              {SOCIAL_NETWORKS.map((network) => (
                <InputField
                  key={network}
                  id={`social-${network}`}
                  label={`${SOCIAL_NETWORK_LABELS[network]} address`}
                  type="url"
                  inputMode="url"
                  error={errors[network]?.message}
                  registration={form.register(network)}
                />
              ))}
            </div>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? "Saving…" : "Save social links"}
            </Button>
          </form>
        )}
      </Card>
    </section>
  );
}
