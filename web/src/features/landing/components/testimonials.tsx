import { USE_CASES } from './landing-content';
import { Section } from './section';

/**
 * Section 10 (spec 01: three static testimonials): how shoppers, stylists and creators use Fitly, in the
 * product's own words. No invented customers, quotes or "more stories" (issue 39, docs/decisions.md).
 */
export function Testimonials() {
  return (
    <Section eyebrow="Who it is for" title="Made for shoppers, stylists and creators" testId="testimonials">
      <ul className="grid gap-6 md:grid-cols-3">
        {USE_CASES.map((u) => (
          <li key={u.role} className="flex h-full flex-col gap-4 rounded-2xl border border-border bg-card p-6">
            <span className="flex items-center gap-3">
              <span
                aria-hidden="true"
                className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-accent text-sm font-semibold text-accent-foreground"
              >
                {u.initials}
              </span>
              <h3 className="font-semibold">{u.role}</h3>
            </span>
            <p className="flex-1 text-card-foreground">{u.text}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
