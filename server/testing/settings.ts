import type { SettingsView, SiteInfo, TestMailResult } from "@common/contract/settings";
import type { TestUser } from "./factories";
import type { SmtpPeer } from "./smtp-peer";
import type { TestApp } from "./test-app";

/** A multipart/form-data body carrying `content` in the logo form's one field, `logo`. */
export async function logoForm(content: Uint8Array, filename = "logo.png", type = "image/png") {
  const form = new FormData();
  form.append("logo", new Blob([new Uint8Array(content)], { type }), filename);
  const response = new Response(form);
  return { payload: Buffer.from(await response.arrayBuffer()), headers: { "content-type": response.headers.get("content-type") ?? "" } };
}

/** The mail server of the settings pointing at an SMTP peer on 127.0.0.1, as the back office saves it. */
export const mailServerAt = (peer: Pick<SmtpPeer, "port">, changes: object = {}) => ({
  host: "127.0.0.1",
  port: peer.port,
  secure: false,
  user: "",
  from: "Prairie Drone Works <office@prairie.example>",
  ...changes,
});

/** Drives the settings API as `user` (none: a visitor); each call answers the raw response. */
export function settingsDriver(t: TestApp, user?: TestUser) {
  const headers = user ? { cookie: user.cookie } : {};
  const call = (method: "GET" | "PATCH" | "POST", url: string, payload?: object) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  return {
    get: () => call("GET", "/api/admin/settings"),
    patch: (body: object) => call("PATCH", "/api/admin/settings", body),
    testMail: (to: string) => call("POST", "/api/admin/settings/test-mail", { to }),
    site: () => call("GET", "/api/site"),
    uploadLogo: async (content: Uint8Array, filename?: string, type?: string) => {
      const form = await logoForm(content, filename, type);
      return t.app.inject({ method: "POST", url: "/api/admin/settings/logo", payload: form.payload, headers: { ...headers, ...form.headers } });
    },
    /** GET /api/admin/settings's data, failing unless it answered 200. */
    view: async (): Promise<SettingsView> => {
      const res = await call("GET", "/api/admin/settings");
      if (res.statusCode !== 200) throw new Error(`reading the settings failed: ${res.statusCode} ${res.body}`);
      return res.json().data;
    },
    /** GET /api/site's data. */
    siteInfo: async (): Promise<SiteInfo> => {
      const res = await call("GET", "/api/site");
      if (res.statusCode !== 200) throw new Error(`reading the site failed: ${res.statusCode} ${res.body}`);
      return res.json().data;
    },
    /** PATCH /api/admin/settings, failing unless it answered 200: the settings as saved. */
    save: async (body: object): Promise<SettingsView> => {
      const res = await call("PATCH", "/api/admin/settings", body);
      if (res.statusCode !== 200) throw new Error(`saving the settings failed: ${res.statusCode} ${res.body}`);
      return res.json().data;
    },
    /** POST /api/admin/settings/test-mail, failing unless it answered 200: whether the server took it, in its words. */
    sendTestMail: async (to: string): Promise<TestMailResult> => {
      const res = await call("POST", "/api/admin/settings/test-mail", { to });
      if (res.statusCode !== 200) throw new Error(`the test mail failed: ${res.statusCode} ${res.body}`);
      return res.json().data;
    },
  };
}
