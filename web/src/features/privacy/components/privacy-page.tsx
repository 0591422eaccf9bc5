import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { IMAGE_LINK_LIFETIME_WORDS } from '@shared/domain/image-links';
import { CONTACT_EMAIL, PRODUCT_NAME } from '../../../lib/site-config';
import { COOKIES_ACCEPTED_KEY } from '../../../lib/cookie-consent';
import { THEME_STORAGE_KEY } from '../../../lib/theme';
import { useDocumentTitle } from '../../../lib/use-document-title';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3">
      <h2 className="text-xl font-semibold">{title}</h2>
      <div className="flex flex-col gap-3 leading-relaxed text-muted-foreground [&_strong]:text-foreground">
        {children}
      </div>
    </section>
  );
}

/** /privacy: a plain-language summary of how photos and personal data are handled. */
export default function PrivacyPage() {
  useDocumentTitle('Privacy');
  return (
    <article className="mx-auto flex w-full max-w-3xl flex-col gap-10 px-4 py-12 sm:px-6">
      <header className="flex flex-col gap-3">
        <h1 className="text-3xl font-bold tracking-tight">Privacy at {PRODUCT_NAME}</h1>
        <p className="text-lg text-muted-foreground">
          Your photos are yours. This page explains, in plain words, what we keep, how it is protected and how you
          remove it.
        </p>
      </header>

      <Section title="What we keep">
        <p>
          <strong>Account details:</strong> your name, e-mail address and the handle shown on your public profile (if
          you make it public).
        </p>
        <p>
          <strong>Your photos:</strong> the portrait and full-body photos of your photo profiles, the outfit images you
          upload, and the try-on results generated for you.
        </p>
        <p>
          <strong>Usage and billing:</strong> your plan, your credit balance and its history. Card payments are handled
          by our payment provider (Stripe): we never see or store your card number.
        </p>
      </Section>

      <Section title="How your photos are protected">
        <ul className="list-disc space-y-2 pl-5">
          <li>
            Photos are <strong>encrypted at rest</strong> in a <strong>private storage bucket</strong> that is never
            publicly readable.
          </li>
          <li>
            <strong>Only you</strong> can fetch your photos and results: each view goes through a check that you own the
            image and then a <strong>short-lived signed link</strong> that stops working at most{' '}
            {IMAGE_LINK_LIFETIME_WORDS} after it was handed out (the same link is reused within the hour, so your
            browser can keep the image cached).
          </li>
          <li>
            On upload, every image is re-encoded and its{' '}
            <strong>metadata (EXIF, including GPS location) is stripped</strong>, so your photos never reveal where or
            with what device they were taken.
          </li>
          <li>All traffic is encrypted in transit (HTTPS).</li>
        </ul>
      </Section>

      <Section title="AI-generated images">
        <p data-testid="privacy-ai-marking">
          Every try-on result says what made it. A result made by an AI model carries an <strong>AI-generated</strong>{' '}
          label wherever it is shown; one rendered by the <strong>Fitly engine</strong> on our own servers (body-pose
          and segmentation models fit the garment onto your photo; no AI image model draws it) carries a &ldquo;Fitly
          engine &middot; preview&rdquo; label. Downloads are named as AI-generated, and each stored image contains a
          signed <strong>Content Credentials (C2PA)</strong> record and an IPTC tag that tools can read (&ldquo;trained
          algorithmic media&rdquo;, or for the engine &ldquo;composite with trained algorithmic media&rdquo;). The
          record names our service as the generator and contains nothing about you.
        </p>
        <p>
          Uploads and results are checked automatically for nudity and violence; images that fail the check are refused
          and never stored. You can report a public image from its page, and our team removes it, with its identical
          copies, when the report is valid.
        </p>
      </Section>

      <Section title="Who sees your photos">
        <p>
          Your photos are <strong>never shared with third parties</strong>, never sold and never used for advertising.
          The one exception is the AI provider that renders a try-on you request: it receives only the images needed for
          that generation, to produce your result.
        </p>
        <p>Styles and collections you choose to publish are public; everything else stays private to your account.</p>
      </Section>

      <Section title="Deleting your data">
        <p>
          You can remove your photos at any time: delete a single photo profile or generation, or use{' '}
          <strong>Delete all my photos</strong> in{' '}
          <Link to="/settings" className="font-medium text-brand underline underline-offset-2">
            Settings
          </Link>
          . Deleted images are removed from storage, not just hidden.
        </p>
        <p>
          <strong>Keep or auto-delete:</strong> in Settings, Privacy, choose to keep your generated images until you
          delete them, or to have each one deleted automatically 7, 30 or 90 days after it was made. A shorter period
          also deletes the results already older than it, so we tell you how many and ask first.
        </p>
        <p>
          <strong>Download my data</strong> gives you a ZIP with your account details, your photo profiles and photos,
          your generated images, the outfit images you uploaded, your shared looks (with the votes and reactions they
          got, but not who gave them), the votes and reactions you gave while signed in, the ratings you gave your
          looks, the styles and shared looks you reported, and your credit history. Its README lists what is not in it
          and why (for example votes and reports given while signed out, which are tied to a browser, not to you). The
          download link works for 24 hours.
        </p>
        <p>
          <strong>Delete my account</strong> asks for your password, shows the unused credits you would lose and offers
          the download first. It signs you out and deletes your account, photos, generated images, shared looks, the
          votes and reactions you gave, favourites, collections and links for good, and cancels a paid plan at the end
          of the period you paid for. You get a receipt of what was deleted. Only your credit history is kept, without
          your name or e-mail, because accounting rules require it.
        </p>
      </Section>

      <Section title="Consent and age">
        <p>
          Photo profiles are for people <strong>18 and over</strong>. We ask for your date of birth once and keep only
          whether you are 18 or over, not the date. Before a photo profile is created you confirm that the photos show
          you, or an adult who agreed to it; we record that confirmation with the time and the wording you saw.
        </p>
      </Section>

      <Section title="Cookies and local storage">
        <p>We use no advertising or tracking cookies. Your browser keeps a few small items for the app to work:</p>
        <ul className="list-disc space-y-2 pl-5">
          <li>
            <strong>Theme</strong> (<code>{THEME_STORAGE_KEY}</code>): whether you chose light or dark mode (without a
            choice the site follows your device&rsquo;s setting). Kept only if you did not decline; declining removes
            it.
          </li>
          <li>
            <strong>Cookie consent</strong> (<code>{COOKIES_ACCEPTED_KEY}</code>): whether you accepted or declined this
            notice, so it is not asked again.
          </li>
          <li>
            <strong>Preview engine</strong> (the browser&rsquo;s cache storage): the files of the in-browser preview
            (its models and program), once you used it, so it is not downloaded again. They are the same for everyone
            and hold nothing about you.
          </li>
          <li>
            <strong>Sign-in tokens</strong>: kept by the sign-in service while you are signed in, and removed when you
            log out.
          </li>
        </ul>
      </Section>

      <Section title="Questions">
        <p>
          Write to{' '}
          <a href={`mailto:${CONTACT_EMAIL}`} className="font-medium text-brand underline underline-offset-2">
            {CONTACT_EMAIL}
          </a>{' '}
          and a person will answer.
        </p>
      </Section>
    </article>
  );
}
