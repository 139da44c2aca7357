import { useEffect, useId, useState } from "react";
import type { ErrorResponse } from "@common/contract/wire";
import { LOGO_MAX_BYTES } from "@common/settings";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/lib/use-toast";
import { useUploadLogo } from "./api/settings";

/** A file's address for the preview while it is chosen, let go when another is chosen or the field goes. */
function usePreview(file: File | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!file) return setUrl(undefined);
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return url;
}

/**
 * The business's logo: the one in use, a preview of the image chosen, and Upload logo. The server
 * tells an image by its content, so its refusal (not a PNG, JPEG or WebP image; over 5 MB) is what
 * shows under the field.
 */
export function LogoField({ logoUrl, businessName }: { logoUrl: string | null; businessName: string }) {
  const id = useId();
  const upload = useUploadLogo();
  const [file, setFile] = useState<File>();
  const [error, setError] = useState<string>();
  const preview = usePreview(file);
  const shown = preview ?? logoUrl;

  const send = async () => {
    if (!file) {
      setError("Choose an image for the logo");
      return;
    }
    setError(undefined);
    const answer = await upload.mutateAsync(file);
    if (!answer.ok) {
      setError((answer.body as ErrorResponse | undefined)?.errors?.logo ?? answer.message ?? answer.generic);
      return;
    }
    setFile(undefined);
    toast({ title: answer.data.message, variant: "success" });
  };

  return (
    <div className="space-y-3">
      <FormField id={id} label="Logo" error={error}>
        <div className="flex flex-wrap items-center gap-4">
          <div className="flex h-16 min-w-16 items-center justify-center rounded-md border border-dashed bg-background/60 p-1">
            {shown ? (
              <img src={shown} alt={preview ? "The logo chosen, not yet uploaded" : `${businessName}'s logo`} className="h-14 w-auto max-w-48 object-contain" />
            ) : (
              <span className="px-2 text-xs text-muted-foreground">No logo</span>
            )}
          </div>
          <Input
            id={id}
            type="file"
            accept="image/png,image/jpeg,image/webp"
            className="max-w-sm"
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
            aria-invalid={error ? true : undefined}
            onChange={(event) => {
              setError(undefined);
              setFile(event.target.files?.[0]);
            }}
          />
        </div>
      </FormField>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        A PNG, JPEG or WebP image of at most {LOGO_MAX_BYTES / 1024 / 1024} MB: the site, the mails and the documents show it.
      </p>
      <Button type="button" variant="outline" disabled={upload.isPending} onClick={() => void send()}>
        {upload.isPending ? "Uploading…" : "Upload logo"}
      </Button>
    </div>
  );
}
