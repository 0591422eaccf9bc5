import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import BadgeCheck from 'lucide-react/icons/badge-check';
import Check from 'lucide-react/icons/check';
import Copy from 'lucide-react/icons/copy';
import Mail from 'lucide-react/icons/mail';
import type { CurrentUser } from '@shared/schemas/user';
import { Button, buttonClasses } from '../../../components/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/card';
import { toast } from '../../../components/use-toast';
import { COPIED_INDICATOR_MS, INFLUENCER_EMAIL, influencerEmailTemplate } from '../lib/settings-rules';

/** Influencer tab: how to apply (copy an e-mail template, or the form at /influencer/apply). */
export function InfluencerTab({ user }: { user: CurrentUser }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const template = influencerEmailTemplate(user);

  if (user.isInfluencer) {
    return (
      <Card>
        <CardHeader className="flex-row items-center gap-2">
          <BadgeCheck className="h-5 w-5 text-brand" aria-hidden="true" />
          <CardTitle>You are an influencer</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col items-start gap-3 text-sm">
          <p className="text-muted-foreground">
            Publish up to 120 public styles, curate collections and share your public profile.
          </p>
          <div className="flex flex-wrap gap-2">
            <Link to="/influencer/collections" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
              My Collections
            </Link>
            <Link to={`/profile/${user.handle}`} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
              My public profile
            </Link>
          </div>
        </CardContent>
      </Card>
    );
  }

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(template);
      setCopied(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setCopied(false), COPIED_INDICATOR_MS);
    } catch {
      toast({ variant: 'destructive', title: 'Copy failed', description: 'Select the text and copy it by hand.' });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Become an influencer</CardTitle>
        <CardDescription>
          The influencer program is invite-only and open to Starter and Creator members: a public profile with links,
          collections, up to 120 public styles and affiliate commissions. Applications are typically reviewed in 2-3
          business days.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <section aria-labelledby="apply-form-heading" className="flex flex-col items-start gap-2">
          <h3 id="apply-form-heading" className="font-semibold">
            Option 1: apply with the form
          </h3>
          <Link to="/influencer/apply" className={buttonClasses({})}>
            Apply to Become an Influencer
          </Link>
        </section>
        <section aria-labelledby="apply-email-heading" className="flex min-w-0 flex-col gap-2">
          <h3 id="apply-email-heading" className="font-semibold">
            Option 2: send us an e-mail
          </h3>
          <p className="text-sm text-muted-foreground">
            Copy this template, fill in the brackets and send it to{' '}
            <a
              href={`mailto:${INFLUENCER_EMAIL}`}
              className="font-medium text-brand underline-offset-4 hover:underline"
            >
              {INFLUENCER_EMAIL}
            </a>
            .
          </p>
          <pre
            className="max-h-72 overflow-auto whitespace-pre-wrap break-words rounded-xl border border-border bg-muted/50 p-4 text-xs"
            data-testid="influencer-template"
          >
            {template}
          </pre>
          <div className="flex flex-wrap items-center gap-2">
            <Button variant="outline" onClick={() => void copy()} data-testid="copy-template">
              {copied ? (
                <Check className="h-4 w-4" aria-hidden="true" />
              ) : (
                <Copy className="h-4 w-4" aria-hidden="true" />
              )}
              {copied ? 'Copied' : 'Copy template'}
            </Button>
            <a
              href={`mailto:${INFLUENCER_EMAIL}?subject=${encodeURIComponent(`Influencer program application: @${user.handle}`)}`}
              className={buttonClasses({ variant: 'ghost' })}
            >
              <Mail className="h-4 w-4" aria-hidden="true" />
              Open e-mail app
            </a>
            <span className="sr-only" aria-live="polite">
              {copied ? 'Template copied to the clipboard' : ''}
            </span>
          </div>
        </section>
      </CardContent>
    </Card>
  );
}
