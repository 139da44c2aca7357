import { ImagePlus, Trash2 } from "lucide-react";
import { type ChangeEvent, useId, useState } from "react";
import type { SiteImage } from "@common/contract/site-images";
import { SITE_IMAGE_MIN_WIDTH, siteImageUrls, siteImageWidths } from "@common/site-images";
import type { HeroPicture } from "@common/site-pages";
import { Button, buttonVariants } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { useSiteImages, useUploadSiteImage } from "./api";
import { fieldId, TextField } from "./page-fields";
import type { FieldErrors } from "./page-form-values";

/** A picture's smallest copy, for the thumbnails. */
const thumbnailOf = (image: { token: string; width: number }) => siteImageUrls.webp(image.token, siteImageWidths(image.width)[0]!);

const imageOf = ({ token, width, height }: SiteImage): HeroPicture["image"] => ({ token, width, height });

interface PictureFieldProps {
  /** The document's path of the picture ("hero.picture"). */
  path: string;
  picture: HeroPicture | null;
  errors: FieldErrors;
  /** Changes the picture from the form's current one (an upload ends after the alt text may have been typed). */
  onChange: (update: (current: HeroPicture | null) => HeroPicture | null) => void;
}

/**
 * The hero's picture (docs/decisions/0065-page-images.md): upload one, or choose one uploaded before;
 * its alt text; remove it to show the illustration again. An upload the server refuses says why
 * under the field, and the rest of the form stays as typed.
 */
export function PictureField({ path, picture, errors, onChange }: PictureFieldProps) {
  const id = fieldId(path);
  const listId = useId();
  const upload = useUploadSiteImage();
  const uploaded = useSiteImages();
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [choosing, setChoosing] = useState(false);
  const error = uploadError ?? errors[path];

  const choose = (image: HeroPicture["image"]) => {
    setUploadError(null);
    onChange((current) => ({ image, alt: current?.alt ?? "" }));
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setBusy(true);
    setUploadError(null);
    const answer = await upload(file);
    setBusy(false);
    input.value = "";
    if (answer.ok) choose(imageOf(answer.data.data));
    else {
      const errorsOf = (answer.body as { errors?: Record<string, string> } | undefined)?.errors;
      setUploadError(errorsOf?.file ?? answer.message ?? `The upload failed (${answer.generic})`);
    }
  };

  return (
    <fieldset className="space-y-3 rounded-md border p-3" aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}>
      <legend className="px-1 text-sm font-medium">Picture</legend>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        A JPEG, PNG or WebP photo at least {SITE_IMAGE_MIN_WIDTH} px wide, shown in place of the illustration and when the page is shared. Its location and
        camera details are removed.
      </p>
      {picture ? (
        <div className="flex flex-wrap items-start gap-3">
          <img
            src={thumbnailOf(picture.image)}
            alt=""
            width={160}
            height={Math.round((160 * picture.image.height) / picture.image.width)}
            className="max-h-40 w-40 rounded border object-cover"
            data-testid="hero-picture-thumbnail"
          />
          <Button type="button" variant="outline" size="sm" onClick={() => onChange(() => null)}>
            <Trash2 aria-hidden />
            Remove the picture
          </Button>
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <label htmlFor={id} className={cn(buttonVariants({ variant: "outline", size: "sm" }), "cursor-pointer", busy && "pointer-events-none opacity-60")}>
          <ImagePlus aria-hidden />
          {busy ? "Uploading…" : picture ? "Upload another picture" : "Upload a picture"}
        </label>
        <input
          id={id}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="sr-only"
          disabled={busy}
          onChange={(event) => void onFile(event)}
          aria-invalid={error ? true : undefined}
        />
        <Button type="button" variant="ghost" size="sm" aria-expanded={choosing} aria-controls={listId} onClick={() => setChoosing(!choosing)}>
          Choose an uploaded picture
        </Button>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      {choosing ? (
        <div id={listId}>
          {uploaded.data?.length ? (
            <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
              {uploaded.data.map((image) => (
                <li key={image.id}>
                  <button
                    type="button"
                    className={cn(
                      "w-full rounded border p-1 text-left text-xs hover:border-primary",
                      picture?.image.token === image.token && "border-primary ring-2 ring-primary",
                    )}
                    aria-pressed={picture?.image.token === image.token}
                    onClick={() => {
                      choose(imageOf(image));
                      setChoosing(false);
                    }}
                  >
                    <img src={thumbnailOf(image)} alt="" loading="lazy" width={160} height={100} className="aspect-[8/5] w-full rounded-sm object-cover" />
                    <span className="mt-1 block truncate">{image.fileName}</span>
                    <span className="sr-only">
                      , {image.width} × {image.height} px
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">{uploaded.isPending ? "Loading the pictures…" : "No picture has been uploaded yet."}</p>
          )}
        </div>
      ) : null}
      {picture ? (
        <TextField
          path={`${path}.alt`}
          label="What the picture shows (alt text)"
          hint="Read out to those who cannot see it, and shown if it does not load: say what is in it, in a sentence."
          value={picture.alt}
          errors={errors}
          onChange={(alt) => onChange((current) => (current ? { ...current, alt } : current))}
        />
      ) : null}
    </fieldset>
  );
}
