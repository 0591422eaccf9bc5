import { Link } from 'react-router-dom';
import { buttonClasses } from '../../../components/button';
import { ANCHORS } from '../../../lib/site-config';

/** Section 13 (anchor signup): the final call to action. */
export function FinalCta() {
  return (
    <section
      id={ANCHORS.signup}
      aria-labelledby="final-cta-heading"
      className="px-4 py-20 sm:px-6"
      data-testid="final-cta"
    >
      <div className="mx-auto flex max-w-3xl flex-col items-center gap-6 text-center">
        <h2 id="final-cta-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
          Your next favourite outfit is one photo away
        </h2>
        <p className="text-lg text-muted-foreground">
          Create your Photo Profile in a minute and try on your first looks today.
        </p>
        <div className="flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
          <Link to="/auth/register" className={buttonClasses({ size: 'lg' })}>
            Start free
          </Link>
          <Link to="/influencer/apply" className={buttonClasses({ size: 'lg', variant: 'outline' })}>
            Apply to Become Influencer
          </Link>
        </div>
      </div>
    </section>
  );
}
