export interface Spec {
  label: string;
  value: string;
}

/** Key figures of a service or a kit: a label over each value, in mono type. */
export function SpecList({ specs, className }: { specs: readonly Spec[]; className: string }) {
  return (
    <dl className={className}>
      {specs.map((spec) => (
        <div key={spec.label}>
          <dt className="hud-label text-muted-foreground">{spec.label}</dt>
          <dd className="mt-1 font-mono text-sm font-semibold text-foreground">{spec.value}</dd>
        </div>
      ))}
    </dl>
  );
}
