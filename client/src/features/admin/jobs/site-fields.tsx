import { useFormContext } from "react-hook-form";
import type { CreateJobInput } from "@common/jobs";
import { InputField } from "@/components/ui/form-field";

/** The part of a job New job and Edit details both ask for. */
type TitleAndSite = Pick<CreateJobInput, "title" | "site">;

/** The body paths of those fields: a refusal naming one shows under it. */
export const TITLE_AND_SITE_FIELDS: readonly string[] = ["title", "site.name", "site.address", "site.latitude", "site.longitude"];

// A coordinate typed as text: empty is "not given"; anything else goes to the schema as a number (or NaN, which it refuses).
const coordinate = { setValueAs: (text: unknown) => (text === "" || text === null || text === undefined ? null : Number(text)) };

/**
 * A job's title and its site (name, address, latitude, longitude), each error under its field, for
 * a form inside react-hook-form's FormProvider whose values hold `title` and `site`.
 */
export function TitleAndSiteFields({ idPrefix }: { idPrefix: string }) {
  const { register, formState } = useFormContext<TitleAndSite>();
  const { errors } = formState;
  return (
    <>
      <InputField id={`${idPrefix}-title`} label="Title" error={errors.title?.message} registration={register("title")} />
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField id={`${idPrefix}-site-name`} label="Site name" error={errors.site?.name?.message} registration={register("site.name")} />
        <InputField id={`${idPrefix}-site-address`} label="Site address" error={errors.site?.address?.message} registration={register("site.address")} />
        <InputField
          id={`${idPrefix}-site-latitude`}
          label="Latitude"
          inputMode="decimal"
          error={errors.site?.latitude?.message}
          registration={register("site.latitude", coordinate)}
        />
        <InputField
          id={`${idPrefix}-site-longitude`}
          label="Longitude"
          inputMode="decimal"
          error={errors.site?.longitude?.message}
          registration={register("site.longitude", coordinate)}
        />
      </div>
    </>
  );
}
