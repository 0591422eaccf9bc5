import Quote from 'lucide-react/icons/quote';
import { TESTIMONIALS } from './landing-content';
import { Section } from './section';

/** Section 10: three static testimonials. */
export function Testimonials() {
  return (
    <Section eyebrow="Stories" title="Loved by shoppers, stylists and creators" testId="testimonials">
      <ul className="grid gap-6 md:grid-cols-3">
        {TESTIMONIALS.map((t) => (
          <li key={t.author}>
            <figure className="flex h-full flex-col gap-5 rounded-2xl border border-border bg-card p-6">
              <Quote className="h-6 w-6 text-brand" aria-hidden="true" />
              <blockquote className="flex-1 text-card-foreground">“{t.quote}”</blockquote>
              <figcaption className="flex items-center gap-3">
                <span
                  aria-hidden="true"
                  className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-accent text-sm font-semibold text-accent-foreground"
                >
                  {t.initials}
                </span>
                <span className="flex flex-col">
                  <span className="font-semibold">{t.author}</span>
                  <span className="text-sm text-muted-foreground">{t.role}</span>
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      <p className="mt-8 text-center">
        {/* eslint-disable-next-line jsx-a11y/anchor-is-valid -- spec 01: this link points nowhere (#) */}
        <a href="#" className="font-semibold text-brand underline-offset-4 hover:underline">
          See more stories
        </a>
      </p>
    </Section>
  );
}
