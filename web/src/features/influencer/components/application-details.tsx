import { socialsOf } from '../lib/application';

/** What an application says: the use case under its heading, then the social links given (if any). */
export function ApplicationDetails({
  app,
  useCaseTitle,
  noSocials,
}: {
  app: { useCase: string } & Parameters<typeof socialsOf>[0];
  useCaseTitle: string;
  /** Shown when no social link was given (nothing by default). */
  noSocials?: string;
}) {
  const socials = socialsOf(app);
  return (
    <>
      <div>
        <h3 className="text-sm font-medium">{useCaseTitle}</h3>
        <p className="mt-1 whitespace-pre-line break-words text-sm text-muted-foreground">{app.useCase}</p>
      </div>
      {socials.length ? (
        <dl className="grid gap-2 text-sm sm:grid-cols-2">
          {socials.map((s) => (
            <div key={s.field} className="min-w-0">
              <dt className="font-medium">{s.label}</dt>
              <dd className="truncate text-muted-foreground">{s.value}</dd>
            </div>
          ))}
        </dl>
      ) : noSocials ? (
        <p className="text-sm text-muted-foreground">{noSocials}</p>
      ) : null}
    </>
  );
}
