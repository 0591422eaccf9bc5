import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { StyleImageType } from '@shared/domain/catalog';
import { profileQualifies, resolveMode } from '@shared/domain/generation';
import { Button, buttonClasses } from '../../../components/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/card';
import { PageHeader } from '../../../components/page-header';
import { SpinnerIcon } from '../../../components/spinner';
import { toast } from '../../../components/use-toast';
import { useCurrentUser } from '../../../api/current-user';
import Wand from 'lucide-react/icons/wand';
import { useOutfitPrompts, usePhotoProfiles } from '../../../api/catalog';
import { useStartAndOpen } from '../../generate';
import { IMAGE_TYPE_LABELS } from '../../../lib/audience';
import { pickInitialProfile } from '../../../lib/mode-state';
import { needsFullBody, photosOf, validateCustomLook } from '../../../lib/generate-validation';
import { BackLink, pageShell } from '../../../components/back-link';
import { Badge } from '../../../components/badge';
import { ModeProfilePicker, PromptChoice, RadioCards } from '../../../components/choice-list';
import { CreditsLine } from '../../../components/credits-line';
import { OutfitUploadPanel, type UploadState } from './upload-panel';
import { VariantsPicker } from '../../../components/variants-picker';
import { spendLabel } from '../../../lib/spend-confirm';
import { PreviewOnMe } from '../../preview';
import { costLabel, lookCost, type GarmentSlot } from '@shared/domain/outfit';
import { GarmentSlotField, slotToUse, useGarmentGuess } from '../../../components/garment-slot-field';

const TYPE_HINTS: Record<StyleImageType, string> = {
  product_only: 'One garment alone, on a plain background (a shop’s product photo). Best for trying it on.',
  product_laydown: 'The pieces laid out flat together.',
  model_wearer:
    'A photo of a person wearing the outfit. The Fitly engine cannot take clothes off a model: it refuses these before any credit is spent.',
};
/** The modes each picture renders in here: the try-on (Exact), or Creative when a look is chosen. */
const TYPE_MODES: Record<StyleImageType, string> = {
  product_only: 'Exact or Creative',
  product_laydown: 'Exact or Creative',
  model_wearer: 'Exact Mode',
};
/** Product Only first: the kind of picture the engine dresses a person in (issue 39). */
const TYPE_ORDER: StyleImageType[] = ['product_only', 'product_laydown', 'model_wearer'];

/** No creative look: the try-on on the photo, exactly what "Preview on me" draws. */
const NO_LOOK = '__none__';

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
  const [imageType, setImageType] = useState<StyleImageType>('product_only');
  const [slot, setSlot] = useState<GarmentSlot | null>(null);
  const [promptId, setPromptId] = useState<string | null>(null);
  const [imageUrl, setImageUrl] = useState<string | null>(null);
  const [uploadState, setUploadState] = useState<UploadState>('idle');
  const [profileId, setProfileId] = useState<string | null>(null);
  const [variants, setVariants] = useState(1);
  const promptsQ = useOutfitPrompts(imageType !== 'model_wearer');
  const profilesQ = usePhotoProfiles();
  const profiles = useMemo(() => profilesQ.data ?? [], [profilesQ.data]);
  const { startAndOpen, isPending: starting, spendDialog } = useStartAndOpen();

  const guess = useGarmentGuess(imageUrl);
  const garmentSlot = slotToUse(slot, guess);
  // a creative look only when the person chose one (then Creative); else the try-on itself (Exact), which is what
  // the preview draws; a model photo is Exact
  const effectivePrompt = imageType === 'model_wearer' ? null : promptId;
  const mode = resolveMode(imageType, effectivePrompt ? 'creative' : 'exact');

  useEffect(() => {
    setProfileId((cur) => {
      const still = profiles.find((p) => p.id === cur);
      if (still && profileQualifies(mode, photosOf(still))) return cur;
      return pickInitialProfile(mode, profiles);
    });
  }, [profiles, mode]);

  /**
   * Generate with the page's choices; from the preview ("Render this look") `fromPreview` names the profile it
   * dressed, and the render is what it drew: the try-on (Exact), no creative look, the same slot.
   */
  const onGenerate = (fromPreview?: { profileId: string }) => {
    const chosenId = fromPreview?.profileId ?? profileId;
    const prompt = fromPreview ? null : effectivePrompt;
    const action = fromPreview ? 'Render this look' : 'Generate My Look';
    const issue = validateCustomLook({
      user,
      imageUrl,
      profileCount: profiles.length,
      imageType,
      promptTemplateId: prompt,
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
        description:
          fromPreview || needsFullBody(imageType, mode)
            ? 'Choose a profile with a full-body photo'
            : 'Choose a photo profile',
        variant: 'destructive',
      });
      return;
    }
    startAndOpen({
      spend: { cost: lookCost({ variants }), action, does: 'renders this outfit on your photo' },
      request: {
        kind: 'quick-try-custom',
        imageUrl: imageUrl!,
        imageType,
        photoProfileId: profile.id,
        promptTemplateId: prompt,
        mode: prompt ? 'creative' : 'exact',
        variants,
        slot: garmentSlot ?? undefined,
      },
    });
  };

  const prompts = promptsQ.data ?? [];
  const promptItems = [
    {
      id: NO_LOOK,
      name: 'No creative look',
      description: 'Just the garment on your photo, as “Preview on me” shows it.',
    },
    ...prompts,
  ];

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
            items={TYPE_ORDER.map((t) => ({ id: t }))}
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
                    {t === 'product_only' ? <Badge tone="outline">Recommended</Badge> : null}
                    <Badge tone="outline">{TYPE_MODES[t]}</Badge>
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
                legend="Creative look (optional: a background and colour grade)"
                name="custom-prompt"
                items={promptItems}
                value={promptId ?? NO_LOOK}
                onChange={(id) => setPromptId(id === NO_LOOK ? null : id)}
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
          <OutfitUploadPanel
            onUploaded={(url) => {
              setImageUrl(url);
              setSlot(null);
            }}
            onStateChange={setUploadState}
          />
          {imageUrl && imageType !== 'model_wearer' ? (
            <GarmentSlotField name="custom-slot" value={slot} guess={guess} onChange={setSlot} />
          ) : null}
          {imageUrl ? (
            <PreviewOnMe
              looks={[
                {
                  // the slot is part of the look: a changed slot draws again
                  id: `${imageUrl}#${garmentSlot ?? ''}`,
                  name: 'This outfit',
                  thumbSrc: imageUrl,
                  garments: [{ src: imageUrl, imageType, slot: garmentSlot }],
                },
              ]}
              profiles={profilesQ.data}
              profileId={profileId}
              disabled={guess === 'pending' && !slot}
              onRender={(_look, id) => {
                setProfileId(id);
                onGenerate({ profileId: id });
              }}
              renderPending={starting}
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
            disabled={!imageUrl || uploadState === 'uploading' || starting}
            data-testid="generate-my-look"
          >
            {starting ? <SpinnerIcon /> : <Wand className="h-4 w-4" aria-hidden="true" />}
            {starting
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
