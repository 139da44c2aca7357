import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SettingsView, TestMailResult } from "@common/contract/settings";
import type { SettingsPatch } from "@common/settings";
import { settingsKeys } from "@/api/settings";
import { apiRequest, send } from "@/lib/api";
import { applyBrandColors } from "@/lib/brand-style";
import { getSiteConfig, setSiteConfig } from "@/lib/site-config";
import { sendUpload } from "@/lib/upload";

type SettingsAnswer = { success: true; data: SettingsView };
type SettingsSaved = { success: true; message: string; data: SettingsView };

/** GET /api/admin/settings: every setting in effect, which the environment fixes, and whether the first-run setup is done. */
export function useSettings({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: settingsKeys.all,
    queryFn: ({ signal }) => apiRequest<SettingsAnswer>("GET", settingsKeys.all[0], undefined, { signal, fallback: "Failed to load the settings" }),
    select: (answer) => answer.data,
    enabled,
  });
}

/**
 * A save's answer is the settings as saved: it takes the query's place (no second request, and no
 * form is reset under the person typing), and the page's header and contact section show the
 * business's new details and colours at once.
 */
function keep(queryClient: QueryClient, saved: SettingsView): void {
  queryClient.setQueryData<SettingsAnswer>(settingsKeys.all, { success: true, data: saved });
  const { values } = saved;
  setSiteConfig({
    ...getSiteConfig(),
    businessName: values.businessName,
    businessPhone: values.phone,
    businessEmail: values.email,
    businessAddress: values.address,
    businessTimeZone: values.timeZone,
    demoVideoUrl: values.demoVideoUrl,
    logoUrl: values.logoUrl,
    currency: values.currency,
    primaryColor: values.primaryColor,
    accentColor: values.accentColor,
  });
  applyBrandColors(values);
}

/** PATCH /api/admin/settings: the fields given, or the refusal naming each field. */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: SettingsPatch) => send<SettingsSaved>("PATCH", settingsKeys.all[0], { body: patch }),
    onSuccess: (answer) => {
      if (answer.ok) keep(queryClient, answer.data.data);
    },
  });
}

/** POST /api/admin/settings/logo: the image as multipart `logo`; 415 or 413 name the field. */
export function useUploadLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => sendUpload<SettingsSaved>(`${settingsKeys.all[0]}/logo`, {}, file, { fileField: "logo" }),
    onSuccess: (answer) => {
      if (answer.ok) keep(queryClient, answer.data.data);
    },
  });
}

/** POST /api/admin/settings/test-mail { to }: the mail server's own answer, delivered or refused. */
export const useSendTestMail = () =>
  useMutation({ mutationFn: (to: string) => send<{ success: true; data: TestMailResult }>("POST", `${settingsKeys.all[0]}/test-mail`, { body: { to } }) });
