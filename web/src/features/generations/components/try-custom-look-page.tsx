import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { STYLE_IMAGE_TYPES, type StyleImageType } from '../../../../../shared/domain/catalog';
import { profileQualifies, resolveMode } from '../../../../../shared/domain/generation';
import { Button, buttonClasses } from '../../../components/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/card';
import { PageHeader } from '../../../components/page-header';
import { SpinnerIcon } from '../../../components/spinner';
import { toast } from '../../../components/use-toast';
import { useCurrentUser } from '../../../api/current-user';
import Wand from 'lucide-react/icons/wand';
import { useOutfitPrompts, usePhotoProfiles } from '../../../api/catalog';
import { useStartGeneration } from '../../../api/generations';
import { GENERATION_STARTED, useStartErrorHandler } from '../../../api/use-start-error';
import { IMAGE_TYPE_LABELS } from '../../../lib/audience';
import { pickInitialProfile } from '../../../lib/mode-state';
import { needsFullBody, photosOf, validateCustomLook } from '../../../lib/generate-validation';
import { BackLink, pageShell } from '../../../components/back-link';
import { Badge } from '../../../components/badge';
import { ModeProfilePicker, PromptChoice, RadioCards } from '../../../components/choice-list';
import { CreditsLine } from '../../../components/credits-line';
import { OutfitUploadPanel, type UploadState } from './upload-panel';
import { VariantsPicker } from '../../../components/variants-picker';
import { useSpendConfirm } from '../../../components/spend-confirm';
import { spendLabel } from '../../../lib/spend-confirm';
import { PreviewOnMe } from '../../../components/preview-on-me';
import { costLabel, lookCost } from '../../../../../shared/domain/outfit';

const TYPE_HINTS: Record<StyleImageType, string> = {
  model_wearer: 'A photo of a person wearing the outfit.',
  product_only: 'The garment alone, on a plain background.',
  product_laydown: 'The pieces laid out flat together.',
};

const AUTO_PROMPT = '__auto__';

function Step({ n, title, children }: { n: number; title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader className="flex-row items-center gap-3">
        <span
          className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
          aria-hidden="true"
        >
          {n}
        </span>
        <CardTitle>
          <span className="sr-only">Step {n}: </span>
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">{children}</CardContent>
    </Card>
  );
}

/** /try-custom-look: image type (and prompt), upload with progress, then profile and Generate My Look. */
export default function TryCustomLookPage() {
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const [imageType, setImageType] = useState<StyleImageType>('model_wearer');
  const [promptId, setPromptId] = useState<string | null>(null);
  const [imageUrl, setImageUrl] = useState<string | null>(null);
  const [uploadState, setUploadState] = useState<UploadState>('idle');
  const [profileId, setProfileId] = useState<string | null>(null);
  const [variants, setVariants] = useState(1);
  const promptsQ = useOutfitPrompts(imageType !== 'model_wearer');
  const profilesQ = usePhotoProfiles();
  const profiles = useMemo(() => profilesQ.data ?? [], [profilesQ.data]);
  const start = useStartGeneration();
  const { onError } = useStartErrorHandler();
  const { confirmSpend, spendDialog } = useSpendConfirm();

  // product_only needs a prompt, product_laydown may have one (then creative), model_wearer is exact.
  const effectivePrompt = imageType === 'model_wearer' ? null : promptId;
  const mode = resolveMode(imageType, imageType === 'product_laydown' && effectivePrompt ? 'creative' : undefined);

  useEffect(() => {
    setProfileId((cur) => {
      const still = profiles.find((p) => p.id === cur);
      if (still && profileQualifies(mode, photosOf(still))) return cur;
      return pickInitialProfile(mode, profiles);
    });
  }, [profiles, mode]);

  /** Generate with the page's choices; `chosenId` is the profile picked in the preview ("Render this look"). */
  const onGenerate = (chosenId: string | null = profileId, action = 'Generate My Look') => {
    const issue = validateCustomLook({
      user,
      imageUrl,
      profileCount: profiles.length,
      imageType,
      promptTemplateId: effectivePrompt,
    });
    if (issue) {
      toast({ title: issue.title, description: issue.description, variant: 'destructive' });
      if (issue.redirect) void navigate(issue.redirect);
      return;
    }
    const profile = profiles.find((p) => p.id === chosenId);
    if (!profile) {
      toast({
        title: 'Profile required',
        description: needsFullBody(imageType, mode)
          ? 'Choose a profile with a full-body photo'
          : 'Choose a photo profile',
        variant: 'destructive',
      });
      return;
    }
    confirmSpend({ cost: lookCost({ variants }), action, does: 'renders this outfit on your photo' }, () =>
      start.mutate(
        {
          kind: 'quick-try-custom',
          imageUrl: imageUrl!,
          imageType,
          photoProfileId: profile.id,
          promptTemplateId: effectivePrompt,
          mode: imageType === 'product_laydown' && effectivePrompt ? 'creative' : undefined,
          variants,
        },
        {
          onSuccess: ({ id }) => {
            toast(GENERATION_STARTED);
            // every kind goes to the one progress page, which becomes the result (and, for variants, where they are kept)
            void navigate(`/generation/${encodeURIComponent(id)}`);
          },
          onError: (err) => onError(err),
        },
      ),
    );
  };

  const prompts = promptsQ.data ?? [];
  const promptItems =
    imageType === 'product_laydown'
      ? [
          { id: AUTO_PROMPT, name: 'No prompt (automatic)', description: 'Let us pick the mode and style for you.' },
          ...prompts,
        ]
      : prompts;

  return (
    <div className={`${pageShell} max-w-3xl`}>
      <BackLink to="/dashboard">Back to Dashboard</BackLink>
      <PageHeader
        title="Try Custom Look"
        description="Upload any outfit photo and see it on you."
        actions={
          <Link
            to="/outfit"
            className={buttonClasses({ variant: 'outline', size: 'sm' })}
            data-testid="custom-build-outfit"
          >
            Build an outfit (several pieces)
          </Link>
        }
      />
      <div className="space-y-6">
        <Step n={1} title="What does your image show?">
          <RadioCards
            legend="Image type"
            name="image-type"
            items={STYLE_IMAGE_TYPES.map((t) => ({ id: t }))}
            value={imageType}
            onChange={(t) => {
              setImageType(t as StyleImageType);
              setPromptId(null);
            }}
            render={({ id }) => {
              const t = id as StyleImageType;
              return (
                <span className="min-w-0 flex-1">
                  <span className="flex flex-wrap items-center gap-2">
                    <span className="text-sm font-medium">{IMAGE_TYPE_LABELS[t].label}</span>
                    <Badge tone="outline">{IMAGE_TYPE_LABELS[t].mode}</Badge>
                  </span>
                  <span className="block text-xs text-muted-foreground">{TYPE_HINTS[t]}</span>
                </span>
              );
            }}
            testId="image-type"
          />
          {imageType !== 'model_wearer' ? (
            promptsQ.isPending ? (
              <div className="flex items-center gap-2 text-sm text-muted-foreground">
                <SpinnerIcon /> Loading creative prompts...
              </div>
            ) : (
              <RadioCards
                legend={imageType === 'product_only' ? 'Creative prompt (required)' : 'Creative prompt (optional)'}
                name="custom-prompt"
                items={promptItems}
                value={imageType === 'product_laydown' ? (promptId ?? AUTO_PROMPT) : promptId}
                onChange={(id) => setPromptId(id === AUTO_PROMPT ? null : id)}
                render={(p) => (
                  <PromptChoice
                    prompt={{
                      ...p,
                      description: p.description ?? null,
                      previewImageUrl: null,
                      task: '',
                      styleCategory: null,
                    }}
                  />
                )}
                className="sm:grid-cols-2"
                testId="custom-prompts"
              />
            )
          ) : null}
        </Step>

        <Step n={2} title="Upload the outfit image">
          <OutfitUploadPanel onUploaded={setImageUrl} onStateChange={setUploadState} />
          {imageUrl ? (
            <PreviewOnMe
              looks={[
                { id: imageUrl, name: 'This outfit', thumbSrc: imageUrl, garments: [{ src: imageUrl, imageType }] },
              ]}
              profiles={profilesQ.data}
              profileId={profileId}
              onRender={(_look, id) => {
                setProfileId(id);
                onGenerate(id, 'Render this look');
              }}
              renderPending={start.isPending}
              renderLabel={variants === 1 ? undefined : `Render this look · ${costLabel({ variants })}`}
              className="w-full sm:w-auto"
            />
          ) : null}
        </Step>

        <Step n={3} title="Choose your photo profile and generate">
          <ModeProfilePicker
            name="custom-profile"
            mode={mode}
            pending={profilesQ.isPending}
            profiles={profiles}
            value={profileId}
            onChange={setProfileId}
          />
          <VariantsPicker value={variants} onChange={setVariants} />
          <Button
            size="lg"
            className="w-full sm:w-auto"
            onClick={() => onGenerate()}
            disabled={!imageUrl || uploadState === 'uploading' || start.isPending}
            data-testid="generate-my-look"
          >
            {start.isPending ? <SpinnerIcon /> : <Wand className="h-4 w-4" aria-hidden="true" />}
            {start.isPending
              ? 'Generating...'
              : variants === 1
                ? spendLabel('Generate My Look', lookCost())
                : `Generate My Look · ${costLabel({ variants })}`}
          </Button>
          {!imageUrl ? <p className="text-xs text-muted-foreground">Upload an outfit image first.</p> : null}
          <CreditsLine />
        </Step>
      </div>
      {spendDialog}
    </div>
  );
}
