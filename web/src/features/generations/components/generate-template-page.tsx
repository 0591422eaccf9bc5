import { ACCEPTED_IMAGE_TYPES_LABEL } from '@shared/schemas/upload';
import { queryKeys } from '../../../api/query-keys';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Tabs } from 'radix-ui';
import { useQuery } from '@tanstack/react-query';
import { generationCost } from '@shared/domain/generation';
import { creditCount } from '@shared/domain/plans';
import { AppImage } from '../../../components/app-image';
import { Button, buttonClasses } from '../../../components/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/card';
import { LazyMarkdown } from '../../../components/markdown-lazy';
import { PageHeader } from '../../../components/page-header';
import { PageSpinner, SpinnerIcon } from '../../../components/spinner';
import { toast } from '../../../components/use-toast';
import { isApiError } from '../../../lib/api-error';
import { useCurrentUser } from '../../../api/current-user';
import Wand from 'lucide-react/icons/wand';
import { usePhotoProfiles, useRawTemplate, type PhotoProfile, type RawTemplate } from '../../../api/catalog';
import { useStartAndOpen } from '../../generate';
import { profileSetupProblem, SETUP_REASON, validateRawTemplateGenerate } from '../../../lib/generate-validation';
import { Notice } from '../../../components/alert';
import { BackLink, pageShell } from '../../../components/back-link';
import { Badge, enumLabel } from '../../../components/badge';
import { CreditsLine } from '../../../components/credits-line';
import { ImageUpload, type UploadState } from '../../../components/image-upload/image-upload';
import { templateFormSchema, type TemplateFormValues } from '../lib/template-form';

export const PROMPT_GUIDE_URL = '/guides/prompt-guide.md';

const tabTrigger =
  'rounded-md px-4 py-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground ' +
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm';

/** /generate/{id}: a raw template with the Generate and Prompt Guide tabs. */
export default function GenerateTemplatePage() {
  const { id } = useParams();
  const q = useRawTemplate(id);
  if (q.isPending) return <PageSpinner label="Loading template" />;
  if (q.isError || !q.data) {
    const missing = !q.isError || (isApiError(q.error) && q.error.status === 404);
    return (
      <div className={pageShell}>
        <BackLink to="/explore">Back to Explore</BackLink>
        <PageHeader title={missing ? 'Template not found' : 'Could not load the template'} />
      </div>
    );
  }
  const t = q.data;
  return (
    <div className={pageShell}>
      <BackLink to="/explore">Back to Explore</BackLink>
      <PageHeader
        title={t.name}
        description={
          <span className="mt-1 flex flex-wrap gap-2">
            <Badge>{enumLabel(t.taskType)}</Badge>
            {t.vibeCategory ? <Badge tone="outline">{enumLabel(t.vibeCategory)}</Badge> : null}
            {t.settingCategory ? <Badge tone="outline">{enumLabel(t.settingCategory)}</Badge> : null}
            {t.requiresFullBody ? <Badge tone="warning">Full Body Required</Badge> : null}
          </span>
        }
      />
      <Tabs.Root defaultValue="generate">
        <Tabs.List aria-label="Template" className="mb-6 inline-flex rounded-lg bg-muted p-1">
          <Tabs.Trigger value="generate" className={tabTrigger}>
            Generate
          </Tabs.Trigger>
          <Tabs.Trigger value="guide" className={tabTrigger}>
            Prompt Guide
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="generate" className="focus-visible:outline-none">
          <TemplateGenerateForm template={t} />
        </Tabs.Content>
        <Tabs.Content
          value="guide"
          className="rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <PromptGuide />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}

function PromptGuide() {
  const q = useQuery({
    queryKey: queryKeys.staticText(PROMPT_GUIDE_URL),
    queryFn: async ({ signal }) => {
      const res = await fetch(PROMPT_GUIDE_URL, { signal });
      const type = res.headers.get('content-type') ?? '';
      // The SPA fallback answers unknown paths with index.html: only markdown or plain text is the guide.
      if (!res.ok || type.includes('text/html')) throw new Error('Guide not available');
      return res.text();
    },
  });
  return (
    <Card>
      <CardContent className="pt-5">
        {q.isPending ? (
          <div className="h-40 animate-pulse rounded-lg bg-muted" aria-busy="true" />
        ) : q.isError ? (
          <p className="text-sm text-muted-foreground">Guide not available</p>
        ) : (
          <LazyMarkdown>{q.data}</LazyMarkdown>
        )}
      </CardContent>
    </Card>
  );
}

function TemplateGenerateForm({ template }: { template: RawTemplate }) {
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const profilesQ = usePhotoProfiles();
  const profiles = profilesQ.data ?? [];
  // The two optional images are uploaded as soon as they are chosen (direct upload, purpose template_input).
  const form = useForm<TemplateFormValues>({
    resolver: zodResolver(templateFormSchema),
    defaultValues: { photoProfileId: null, source: 'template', styleRefUrl: null, backgroundUrl: null },
  });
  const { setValue, watch, handleSubmit } = form;
  const [profileId, source] = watch(['photoProfileId', 'source']);
  const [uploading, setUploading] = useState({ styleRef: false, background: false });
  const uploadState = (field: keyof typeof uploading) => (s: UploadState) =>
    setUploading((cur) => ({ ...cur, [field]: s === 'uploading' }));
  const anyUploading = uploading.styleRef || uploading.background;
  const chooseSource = (value: TemplateFormValues['source']) => {
    setValue('source', value);
    // Leaving "upload my own" drops the style reference (its upload, if running, is aborted on unmount).
    if (value === 'template') {
      setValue('styleRefUrl', null);
      setUploading((cur) => ({ ...cur, styleRef: false }));
    }
  };
  const { startAndOpen, isPending: starting, spendDialog } = useStartAndOpen();
  const selectId = useId();

  useEffect(() => {
    const list = profilesQ.data;
    if (!list?.length) return;
    const cur = form.getValues('photoProfileId');
    if (!(cur && list.some((p) => p.id === cur)))
      setValue('photoProfileId', (list.find((p) => p.isDefault) ?? list[0]!).id);
  }, [profilesQ.data, form, setValue]);

  const profile = profiles.find((p) => p.id === profileId) ?? null;
  const problem = profilesQ.isPending ? null : profileSetupProblem(profile, template);
  const cost = generationCost();

  const onGenerate = handleSubmit((values) => {
    const issue = validateRawTemplateGenerate({ user, profile, requiresFullBody: template.requiresFullBody });
    if (issue || !profile) {
      if (issue) toast({ title: issue.title, description: issue.description, variant: 'destructive' });
      if (issue?.redirect) void navigate(issue.redirect);
      return;
    }
    startAndOpen({
      spend: { cost, action: 'Generate Look', does: `renders ${template.name} on your photo` },
      request: {
        kind: 'raw',
        rawTemplateId: template.id,
        photoProfileId: profile.id,
        // The style reference goes only with "upload my own" and a chosen file.
        styleRefUrl: values.source === 'own' ? values.styleRefUrl : null,
        backgroundUrl: values.backgroundUrl,
      },
    });
  });

  if (profilesQ.isPending)
    return (
      <div className="flex items-center gap-2 text-sm text-muted-foreground">
        <SpinnerIcon /> Loading photo profiles...
      </div>
    );

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <div className="min-w-0 space-y-6">
        {problem ? <SetupAlert problem={problem} profile={profile} /> : null}
        {profiles.length > 1 ? (
          <div className="flex flex-col gap-1.5">
            <label htmlFor={selectId} className="text-sm font-medium">
              Photo profile
            </label>
            <select
              id={selectId}
              value={profileId ?? ''}
              onChange={(e) => setValue('photoProfileId', e.target.value)}
              className="h-10 w-full rounded-lg border border-input bg-background px-3 text-sm text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              {profiles.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                  {p.isDefault ? ' (Default)' : ''}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {profile ? <ProfileSummary profile={profile} ready={!problem} /> : null}
      </div>
      <div className="min-w-0 space-y-6">
        <fieldset className="space-y-2">
          <legend className="mb-2 text-sm font-semibold">Style source</legend>
          {(
            [
              ['template', "Use the template's style"],
              ['own', 'Upload my own style reference image'],
            ] as const
          ).map(([value, label]) => (
            <label
              key={value}
              className="flex cursor-pointer items-center gap-3 rounded-xl border border-border bg-card p-3 has-[:checked]:border-primary has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
            >
              <input
                type="radio"
                name="style-source"
                value={value}
                checked={source === value}
                onChange={() => chooseSource(value)}
                className="h-4 w-4 accent-primary"
              />
              <span className="text-sm">{label}</span>
            </label>
          ))}
        </fieldset>
        {source === 'own' ? (
          <ImageUpload
            purpose="template_input"
            label="Style reference image"
            hint={`A photo of the look you want to copy. ${ACCEPTED_IMAGE_TYPES_LABEL}, up to 15 MB.`}
            onUploaded={(url) => setValue('styleRefUrl', url)}
            onStateChange={uploadState('styleRef')}
            inputTestId="style-ref-input"
          />
        ) : null}
        <ImageUpload
          purpose="template_input"
          label="Background image (optional)"
          hint={`Place the result in front of your own background. ${ACCEPTED_IMAGE_TYPES_LABEL}, up to 15 MB.`}
          onUploaded={(url) => setValue('backgroundUrl', url)}
          onStateChange={uploadState('background')}
          inputTestId="background-input"
        />
        <div className="space-y-2 rounded-2xl border border-border bg-card p-4">
          <Button
            size="lg"
            className="w-full"
            onClick={() => void onGenerate()}
            disabled={starting || !!problem || anyUploading}
            aria-describedby={problem ? 'generate-disabled-reason' : undefined}
            data-testid="generate-button"
          >
            {starting ? <SpinnerIcon /> : <Wand className="h-4 w-4" aria-hidden="true" />}
            {starting ? 'Generating...' : `Generate Look (${creditCount(cost)})`}
          </Button>
          {problem ? (
            <p
              id="generate-disabled-reason"
              className="text-sm text-amber-700 dark:text-amber-400"
              data-testid="generate-disabled-reason"
            >
              {SETUP_REASON[problem]}{' '}
              <Link
                to={problem === 'no-profile' || !profile ? '/profiles/new' : `/profiles/${profile.id}/edit`}
                className="font-medium underline underline-offset-2"
              >
                {problem === 'no-profile'
                  ? 'Create a photo profile'
                  : problem === 'no-full-body'
                    ? 'Add a full-body photo'
                    : 'Update the profile'}
              </Link>
            </p>
          ) : null}
          <CreditsLine />
        </div>
      </div>
      {spendDialog}
    </div>
  );
}

function SetupAlert({
  problem,
  profile,
}: {
  problem: NonNullable<ReturnType<typeof profileSetupProblem>>;
  profile: PhotoProfile | null;
}) {
  const to = problem === 'no-profile' || !profile ? '/profiles/new' : `/profiles/${profile.id}/edit`;
  const text = SETUP_REASON[problem];
  return (
    <Notice tone="warning" title="Profile Setup Required">
      <p>{text}</p>
      <Link to={to} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
        {problem === 'no-profile' ? 'Create Photo Profile' : 'Update Profile'}
      </Link>
    </Notice>
  );
}

function ProfileSummary({ profile, ready }: { profile: PhotoProfile; ready: boolean }) {
  return (
    <Card data-testid="profile-summary">
      <CardHeader>
        <CardTitle>{profile.name}</CardTitle>
        <p
          className={
            ready ? 'text-sm text-emerald-700 dark:text-emerald-400' : 'text-sm text-amber-700 dark:text-amber-400'
          }
        >
          {ready ? 'Ready for generation' : 'Missing photos - please update'}
        </p>
      </CardHeader>
      <CardContent className="flex gap-3">
        <figure className="w-24">
          <AppImage
            src={profile.portraitUrl}
            alt={`${profile.name} portrait`}
            width={1}
            height={1}
            className="w-24 rounded-lg"
          />
          <figcaption className="mt-1 text-xs text-muted-foreground">Portrait</figcaption>
        </figure>
        <figure className="w-24">
          <AppImage
            src={profile.fullBodyUrl}
            alt={`${profile.name} full body`}
            width={3}
            height={4}
            className="w-24 rounded-lg"
          />
          <figcaption className="mt-1 text-xs text-muted-foreground">Full body</figcaption>
        </figure>
      </CardContent>
    </Card>
  );
}
