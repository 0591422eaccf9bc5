import { useEffect, useMemo, useReducer, useState } from 'react';
import { costLabel, type GarmentSlot } from '@shared/domain/outfit';
import { useQuery } from '@tanstack/react-query';
import { fetchApi } from '../../../api/endpoints';
import { queryKeys } from '../../../api/query-keys';
import { errorSentence } from '../../../lib/api-error';
import { isOutsideImageUrl } from '../lib/outside-image';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { STYLE_IMAGE_TYPES, type StyleImageType } from '@shared/domain/catalog';
import { modeChoiceVisible, profileQualifies, type Mode } from '@shared/domain/generation';
import { AppImage } from '../../../components/app-image';
import { Button, buttonClasses } from '../../../components/button';
import { Card, CardContent } from '../../../components/card';
import { PageHeader } from '../../../components/page-header';
import { SpinnerIcon } from '../../../components/spinner';
import { toast } from '../../../components/use-toast';
import { useCurrentUser } from '../../../api/current-user';
import Wand from 'lucide-react/icons/wand';
import { useOutfitPrompts, usePhotoProfiles } from '../../../api/catalog';
import { useStartAndOpen } from '../../generate';
import { initialModeState, modeReducer } from '../../../lib/mode-state';
import { photosOf, validateQuickTry } from '../../../lib/generate-validation';
import { Notice } from '../../../components/alert';
import { BackLink, pageShell } from '../../../components/back-link';
import { Badge } from '../../../components/badge';
import { ProfileRadioCards, PromptChoice, RadioCards } from '../../../components/choice-list';
import { CreditsLine } from '../../../components/credits-line';
import { ModeToggle } from './mode-toggle';
import { VariantsPicker } from '../../../components/variants-picker';
import { spendLabel } from '../../../lib/spend-confirm';
import { generationCost } from '@shared/domain/generation';
import { PreviewOnMe } from '../../preview';
import { GarmentSlotField, slotToUse, useGarmentGuess } from '../../../components/garment-slot-field';

const TYPE_BADGE: Record<StyleImageType, string> = {
  model_wearer: 'Exact Mode',
  product_only: 'Creative Mode',
  product_laydown: 'Both Modes Available',
};

const isStyleImageType = (v: string | null): v is StyleImageType => STYLE_IMAGE_TYPES.some((t) => t === v);

export const parseImageType = (v: string | null): StyleImageType => (isStyleImageType(v) ? v : 'model_wearer');

/** /quick-try?imageUrl=&imageType=&promptTemplateId=: try an outfit image on a photo profile. */
export default function QuickTryPage() {
  const [params] = useSearchParams();
  const imageUrl = params.get('imageUrl');
  const imageType = parseImageType(params.get('imageType'));
  if (!imageUrl) {
    return (
      <div className={pageShell}>
        <BackLink to="/try-custom-look">Back to Try Custom Look</BackLink>
        <PageHeader title="Quick Try" />
        <Notice tone="warning" title="No image URL provided">
          <p>Upload an outfit image on the Try Custom Look page.</p>
        </Notice>
      </div>
    );
  }
  if (isOutsideImageUrl(imageUrl)) return <OutsideImageImport url={imageUrl} />;
  return (
    <QuickTryForm
      key={`${imageUrl}|${imageType}`}
      imageUrl={imageUrl}
      imageType={imageType}
      initialPrompt={params.get('promptTemplateId')}
    />
  );
}

/** An image of another site: the server fetches and stores it (POST /api/download-image); the page then uses the copy. */
function OutsideImageImport({ url }: { url: string }) {
  const [params, setParams] = useSearchParams();
  const copy = useQuery({
    queryKey: queryKeys.importedImage(url),
    queryFn: () => fetchApi('POST /api/download-image', { body: { url } }),
    staleTime: Infinity,
    gcTime: 0,
  });
  useEffect(() => {
    if (!copy.data?.url) return;
    const next = new URLSearchParams(params);
    next.set('imageUrl', copy.data.url);
    setParams(next, { replace: true });
  }, [copy.data, params, setParams]);
  return (
    <div className={pageShell}>
      <BackLink to="/try-custom-look">Back to Try Custom Look</BackLink>
      <PageHeader title="Quick Try" description="See this outfit on one of your photo profiles." />
      {copy.isError ? (
        <Notice tone="warning" title="This image could not be fetched">
          <p>
            {errorSentence(copy.error, 'The address did not give us an image.')} You can upload the image on the Try
            Custom Look page instead.
          </p>
          <Link to="/try-custom-look" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
            Try Custom Look
          </Link>
        </Notice>
      ) : (
        <div
          className="flex items-center gap-2 text-sm text-muted-foreground"
          role="status"
          data-testid="outside-image-fetching"
        >
          <SpinnerIcon /> Fetching the image...
        </div>
      )}
    </div>
  );
}

function QuickTryForm({
  imageUrl,
  imageType,
  initialPrompt,
}: {
  imageUrl: string;
  imageType: StyleImageType;
  initialPrompt: string | null;
}) {
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const profilesQ = usePhotoProfiles();
  const profiles = useMemo(() => profilesQ.data ?? [], [profilesQ.data]);
  const [state, dispatch] = useReducer(modeReducer, imageType, (t) => ({
    ...initialModeState(t),
    promptTemplateId: initialPrompt,
  }));
  const promptsQ = useOutfitPrompts(state.mode === 'creative');
  const { startAndOpen, isPending: starting, spendDialog } = useStartAndOpen();
  const [variants, setVariants] = useState(1);
  const [slot, setSlot] = useState<GarmentSlot | null>(null);
  const guess = useGarmentGuess(imageType === 'model_wearer' ? null : imageUrl);
  const garmentSlot = slotToUse(slot, guess);

  useEffect(() => {
    if (profilesQ.data) dispatch({ type: 'profilesLoaded', profiles: profilesQ.data });
  }, [profilesQ.data]);

  const profile = profiles.find((p) => p.id === state.profileId) ?? null;
  const anyQualifies = profiles.some((p) => profileQualifies(state.mode, photosOf(p)));

  /**
   * Generate with the page's choices; `chosen` is the profile picked in the preview ("Render this look"), whose
   * render is what the preview drew: the try-on (Exact), no creative look, the same slot (issue 39).
   */
  const onGenerate = (chosen: typeof profile = profile, fromPreview = false) => {
    const mode: Mode = fromPreview ? 'exact' : state.mode;
    const promptTemplateId = mode === 'creative' ? state.promptTemplateId : null;
    const action = fromPreview ? 'Render this look' : 'Generate Look';
    const issue = validateQuickTry({
      imageUrl,
      user,
      imageType,
      mode,
      promptTemplateId,
      profile: chosen,
    });
    if (issue) {
      toast({ title: issue.title, description: issue.description, variant: 'destructive' });
      if (issue.redirect) void navigate(issue.redirect);
      return;
    }
    startAndOpen({
      spend: { cost: generationCost({ variants }), action, does: 'renders this outfit on your photo' },
      request: {
        kind: 'quick-try-custom',
        imageUrl,
        imageType,
        photoProfileId: chosen!.id,
        mode,
        promptTemplateId,
        variants,
        slot: garmentSlot ?? undefined,
      },
    });
  };

  return (
    <div className={pageShell}>
      <BackLink to="/try-custom-look">Back to Try Custom Look</BackLink>
      <PageHeader title="Quick Try" description="See this outfit on one of your photo profiles." />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <Card className="h-fit overflow-hidden">
          <AppImage
            src={imageUrl}
            alt="Outfit to try on"
            width={4}
            height={5}
            className="w-full"
            imgClassName="object-contain"
            loading="eager"
          />
          <CardContent className="flex flex-wrap items-center justify-between gap-3 pt-4">
            <Badge tone="brand">{TYPE_BADGE[imageType]}</Badge>
            <PreviewOnMe
              looks={[
                {
                  id: `${imageUrl}#${garmentSlot ?? ''}`,
                  name: 'This outfit',
                  thumbSrc: imageUrl,
                  garments: [{ src: imageUrl, imageType, slot: garmentSlot }],
                },
              ]}
              profiles={profilesQ.data}
              profileId={state.profileId}
              disabled={guess === 'pending' && !slot}
              onRender={(_look, id) => {
                dispatch({ type: 'selectProfile', profileId: id });
                onGenerate(profiles.find((p) => p.id === id) ?? null, true);
              }}
              renderPending={starting}
              renderLabel={variants === 1 ? undefined : `Render this look · ${costLabel({ variants })}`}
            />
          </CardContent>
        </Card>
        <div className="min-w-0 space-y-6">
          {imageType !== 'model_wearer' ? (
            <GarmentSlotField name="quick-try-slot" value={slot} guess={guess} onChange={setSlot} />
          ) : null}
          {modeChoiceVisible(imageType) ? (
            <ModeToggle value={state.mode} onChange={(mode: Mode) => dispatch({ type: 'setMode', mode, profiles })} />
          ) : null}
          {state.mode === 'creative' ? (
            promptsQ.isPending ? (
              <div className="flex items-center gap-2 text-sm text-muted-foreground">
                <SpinnerIcon /> Loading generation styles...
              </div>
            ) : (promptsQ.data ?? []).length === 0 ? (
              <Notice tone="warning" title="No template configured" />
            ) : (
              <RadioCards
                legend="Choose a generation style"
                name="quick-try-prompt"
                items={promptsQ.data ?? []}
                value={state.promptTemplateId}
                onChange={(promptTemplateId) => dispatch({ type: 'selectPrompt', promptTemplateId })}
                render={(p) => <PromptChoice prompt={p} />}
                className="sm:grid-cols-2"
              />
            )
          ) : null}
          {profilesQ.isPending ? (
            <div className="flex items-center gap-2 text-sm text-muted-foreground">
              <SpinnerIcon /> Loading photo profiles...
            </div>
          ) : (
            <>
              {profiles.length > 0 ? (
                <ProfileRadioCards
                  legend="Choose a photo profile"
                  name="quick-try-profile"
                  mode={state.mode}
                  profiles={profiles}
                  value={state.profileId}
                  onChange={(profileId) => dispatch({ type: 'selectProfile', profileId })}
                />
              ) : null}
              {!anyQualifies ? (
                <Notice
                  tone="warning"
                  title={state.mode === 'exact' ? 'No profile with a full-body photo' : 'No suitable photo profile'}
                >
                  <p>
                    {state.mode === 'exact'
                      ? 'Exact mode needs a profile with a full-body photo.'
                      : 'You need a photo profile with a portrait.'}
                  </p>
                  <Link to="/profiles/new" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
                    Create Photo Profile
                  </Link>
                </Notice>
              ) : null}
            </>
          )}
          <div className="space-y-2 rounded-2xl border border-border bg-card p-4">
            <VariantsPicker value={variants} onChange={setVariants} />
            <Button
              size="lg"
              className="w-full sm:w-auto"
              onClick={() => onGenerate()}
              disabled={starting}
              data-testid="quick-try-generate"
            >
              {starting ? <SpinnerIcon /> : <Wand className="h-4 w-4" aria-hidden="true" />}
              {starting
                ? 'Generating...'
                : variants === 1
                  ? spendLabel('Generate Look', generationCost())
                  : `Generate Look · ${costLabel({ variants })}`}
            </Button>
            <CreditsLine />
          </div>
        </div>
      </div>
      {spendDialog}
    </div>
  );
}
