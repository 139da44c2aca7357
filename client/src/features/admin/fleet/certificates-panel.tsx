import { IdCard } from "lucide-react";
import { CERTIFICATE_TYPE_LABELS, expiryLabel } from "@common/operator-records";
import { calendarDateIn } from "@common/calendar-date";
import { Badge } from "@/components/ui/card";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/panel-states";
import { formatDay } from "@/lib/format";
import { getSiteConfig } from "@/lib/site-config";
import { useCertificates } from "./api";
import { CertificateDialog } from "./certificate-dialog";
import { RecordHistory } from "./record-history";
import { certificateCopyUrl, ScannedCopy } from "./scanned-copy";

const LOAD_FAILED = "Failed to load the certificates";

/** One pilot's certificates, newest expiry first, to add and edit: the back office's for any pilot, the pilot's own on their dashboard. */
export function CertificatesPanel({ pilotId, headingId }: { pilotId: number; headingId: string }) {
  const certificates = useCertificates(pilotId);
  const today = calendarDateIn(getSiteConfig().businessTimeZone);
  let body;
  if (certificates.isPending) body = <LoadingState label="Loading the certificates…" />;
  else if (certificates.isError) body = <ErrorState>{LOAD_FAILED}</ErrorState>;
  else if (certificates.data.length === 0) body = <EmptyState icon={<IdCard />}>No certificate recorded yet.</EmptyState>;
  else
    body = (
      <ul className="divide-y rounded-lg border bg-card/80" aria-labelledby={headingId}>
        {certificates.data.map((certificate) => (
          <li key={certificate.id} className="flex flex-wrap items-start justify-between gap-2 px-3 py-2 text-sm">
            <div className="min-w-0 space-y-0.5">
              <p className="font-medium">
                {CERTIFICATE_TYPE_LABELS[certificate.type]} <span className="font-mono">{certificate.number}</span>
                {certificate.expiresOn < today ? <Badge className="ml-2">Lapsed</Badge> : null}
              </p>
              <p className="text-muted-foreground">
                Issued {formatDay(certificate.issuedOn)} · {expiryLabel(certificate.type)} {formatDay(certificate.expiresOn)}
              </p>
              <ScannedCopy url={certificateCopyUrl(pilotId, certificate.id)} copy={certificate.scannedCopy} name={`certificate ${certificate.number}`} />
              <RecordHistory history={certificate.history} name={`certificate ${certificate.number}`} copyUrl={certificateCopyUrl(pilotId, certificate.id)} />
            </div>
            <CertificateDialog pilotId={pilotId} certificate={certificate} />
          </li>
        ))}
      </ul>
    );
  return (
    <div className="space-y-3">
      <div className="flex justify-end">
        <CertificateDialog pilotId={pilotId} />
      </div>
      {body}
    </div>
  );
}
