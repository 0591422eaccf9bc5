import Compass from 'lucide-react/icons/compass';
import Heart from 'lucide-react/icons/heart';
import ShieldCheck from 'lucide-react/icons/shield-check';
import { Link } from 'react-router-dom';
import { MIN_PHOTO_PROFILE_AGE } from '@shared/domain/privacy';
import { CONTACT_EMAIL } from '../lib/site-config';
import { buttonClasses } from './button';

export const MINOR_NOTICE_TITLE = `Photo profiles are for people ${MIN_PHOTO_PROFILE_AGE} and over`;

/**
 * What a person who said they are under MIN_PHOTO_PROFILE_AGE sees where a photo profile would be asked for
 * (dashboard, photo profiles; issue 39): why none can be made, and what they can do instead.
 */
export function MinorNotice({ headingLevel = 2 }: { headingLevel?: 1 | 2 }) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section
      aria-labelledby="minor-notice-title"
      className="mb-8 flex flex-col gap-4 rounded-2xl border border-border bg-muted/40 p-5"
      data-testid="minor-notice"
    >
      <div className="flex items-start gap-3">
        <ShieldCheck className="mt-0.5 h-5 w-5 shrink-0 text-brand" aria-hidden="true" />
        <div className="space-y-1">
          <Heading id="minor-notice-title" className="text-lg font-semibold">
            {MINOR_NOTICE_TITLE}
          </Heading>
          <p className="text-sm text-muted-foreground">
            You told us you are under {MIN_PHOTO_PROFILE_AGE}, so Fitly does not take photos of you and cannot show
            looks on you. You can still explore styles and creators&apos; collections and keep the ones you like in
            Favorites. If your date of birth was entered wrongly, write to{' '}
            <a href={`mailto:${CONTACT_EMAIL}`} className="font-medium text-brand underline underline-offset-2">
              {CONTACT_EMAIL}
            </a>
            .
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Link to="/explore" className={buttonClasses({ size: 'sm' })}>
          <Compass className="h-4 w-4" aria-hidden="true" />
          Explore styles
        </Link>
        <Link to="/favorites" className={buttonClasses({ size: 'sm', variant: 'outline' })}>
          <Heart className="h-4 w-4" aria-hidden="true" />
          Your favorites
        </Link>
      </div>
    </section>
  );
}
