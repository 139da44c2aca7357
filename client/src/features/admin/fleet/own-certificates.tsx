import { useUser } from "@/api/session";
import { PanelHeader } from "@/components/ui/panel-states";
import { CertificatesPanel } from "./certificates-panel";

/** A pilot's own certificates on their dashboard: checked when they are scheduled, so kept current here (docs/decisions/0068-operator-records.md). */
export function OwnCertificates() {
  // The dashboard is shown once the session is known (RequireStaff), so the user is there.
  const user = useUser();
  return (
    <section aria-labelledby="own-certificates-heading" className="space-y-3">
      <PanelHeader id="own-certificates-heading" title="My certificates" />
      <p className="text-sm text-muted-foreground">
        A job is not scheduled for you on a day your newest certificate of a type has lapsed (for Part 107, after the recurrent training's due date).
      </p>
      {user.data ? <CertificatesPanel pilotId={user.data.id} headingId="own-certificates-heading" /> : null}
    </section>
  );
}
