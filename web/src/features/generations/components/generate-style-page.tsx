import { useEffect, useMemo, useReducer, useState } from 'react';
import { costLabel } from '@shared/domain/outfit';
import { creditCount } from '@shared/domain/plans';
import { Link, useNavigate, useParams } from 'react-router-dom';
import {
  defaultPromptTemplateId,
  generationCost,
  modeChoiceVisible,
  profileQualifies,
  toQuickTryMode,
  type Mode,
} from '@shared/domain/generation';
import { AppImage } from '../../../components/app-image';
import { Button, buttonClasses } from '../../../components/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/card';
import { PageHeader } from '../../../components/page-header';
import { PageSpinner, SpinnerIcon } from '../../../components/spinner';
import { toast } from '../../../components/use-toast';
import { useCurrentUser } from '../../../api/current-user';
import Wand from 'lucide-react/icons/wand';
import Zap from 'lucide-react/icons/zap';
import { useOutfitPrompts, usePhotoProfiles, useStyle } from '../../../api/catalog';
import { useStartAndOpen } from '../../generate';
import { useUpsell } from '../../../components/upsell/upsell-provider';
import { audienceLabel, genderMismatch, IMAGE_TYPE_LABELS } from '../../../lib/audience';
import { initialModeState, modeReducer } from '../../../lib/mode-state';
import { photosOf, validateStyleGenerate, type GenerateIssue } from '../../../lib/generate-validation';
import { Notice } from '../../../components/alert';
import { BackLink, pageShell } from '../../../components/back-link';
import { Badge } from '../../../components/badge';
import { ProfileRadioCards, PromptChoice, RadioCards } from '../../../components/choice-list';
import { CreditsLine } from '../../../components/credits-line';
import { ModeToggle } from './mode-toggle';
import { VariantsPicker } from '../../../components/variants-picker';
import { spendLabel } from '../../../lib/spend-confirm';
import { useRenderers } from '../../../api/renderers';
import { quickTryExactHint } from '@shared/domain/render-copy';

/** /generate/style/{id}: profile, mode (laydown only) and creative prompt, then Generate or Quick Try Exact. */
export default function GenerateStylePage() {
  const { id } = useParams();
  const style = useStyle(id);
  if (style.isPending) return <PageSpinner label="Loading style" />;
  if (style.isError || !style.data) {
    return (
      <div className={pageShell}>
        <BackLink to="/explore">Back to Explore</BackLink>
        <PageHeader
          title="Style not found"
          description={
            <Link to="/explore" className={buttonClasses({ variant: 'link' })}>
              Browse styles on Explore
            </Link>
          }
        />
      </div>
    );
  }
  return <GenerateStyleForm key={style.data.id} style={style.data} />;
}

function GenerateStyleForm({ style }: { style: NonNullable<ReturnType<typeof useStyle>['data']> }) {
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const profilesQ = usePhotoProfiles();
  const profiles = useMemo(() => profilesQ.data ?? [], [profilesQ.data]);
  const promptsQ = useOutfitPrompts();
  const prompts = useMemo(() => promptsQ.data ?? [], [promptsQ.data]);
  const [state, dispatch] = useReducer(modeReducer, style.styleImageType, (t) => initialModeState(t));
  // two buttons, two intents: Generate Look and Quick Try Exact start different things
  const start = useStartAndOpen();
  const quick = useStartAndOpen();
  const { openUpsell } = useUpsell();
  const renderers = useRenderers();

  useEffect(() => {
    if (profilesQ.data) dispatch({ type: 'profilesLoaded', profiles: profilesQ.data });
  }, [profilesQ.data]);
  useEffect(() => {
    if (promptsQ.data)
      dispatch({
        type: 'defaultPrompt',
        promptTemplateId: defaultPromptTemplateId(style.defaultPromptTemplateId, promptsQ.data),
      });
  }, [promptsQ.data, style.defaultPromptTemplateId]);

  const selected = profiles.find((p) => p.id === state.profileId) ?? null;
  const anyQualifies = profiles.some((p) => profileQualifies(state.mode, photosOf(p)));
  const [variants, setVariants] = useState(1);
  const cost = generationCost({ variants });
  const quickTryCost = generationCost();
  const busy = start.isPending || quick.isPending;

  const report = (issue: GenerateIssue) => {
    if (issue.upsell) {
      openUpsell(issue.upsell);
      return;
    }
    toast({ title: issue.title, description: issue.description, variant: 'destructive' });
    if (issue.redirect) void navigate(issue.redirect);
  };

  const onGenerate = () => {
    const issue = validateStyleGenerate({
      styleId: style.id,
      user,
      profiles,
      selectedProfileId: state.profileId,
      imageType: style.styleImageType,
      mode: state.mode,
      promptTemplateId: state.promptTemplateId,
    });
    if (issue) return report(issue);
    start.startAndOpen({
      spend: { cost, action: 'Generate Look', does: `renders ${style.name} on your photo` },
      request: {
        kind: 'style',
        styleId: style.id,
        photoProfileId: state.profileId!,
        mode: state.mode,
        promptTemplateId: state.mode === 'creative' ? state.promptTemplateId : null,
        variants,
      },
    });
  };

  const onQuickTry = () => {
    const issue = validateStyleGenerate({
      styleId: style.id,
      user,
      profiles,
      selectedProfileId: state.profileId,
      imageType: style.styleImageType,
      mode: 'exact',
      promptTemplateId: null,
    });
    if (issue) return report(issue);
    quick.startAndOpen({
      spend: { cost: quickTryCost, action: 'Quick Try Exact', does: `renders ${style.name} on your photo` },
      request: {
        kind: 'quick-try-style',
        styleId: style.id,
        photoProfileId: state.profileId,
        mode: toQuickTryMode('exact'),
      },
      // Limits open their dialog; anything else is the Quick Try toast.
      errorTitle: 'Quick Try failed',
    });
  };

  const types = IMAGE_TYPE_LABELS[style.styleImageType];
  const mismatch = selected ? genderMismatch(style.sex, selected.gender) : false;
  const canQuickTry = !!selected?.fullBodyUrl && style.styleImageType !== 'product_only';

  return (
    <div className={pageShell}>
      <BackLink to={`/style/${style.id}`}>Back to style</BackLink>
      <PageHeader
        title={`Generate with ${style.name}`}
        description="Choose a photo profile and we will dress you in this style."
        documentTitle={`Generate: ${style.name}`}
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <Card className="h-fit overflow-hidden">
          <AppImage
            src={style.coverImageUrl ?? style.promptImageUrl}
            alt={style.name}
            width={4}
            height={5}
            className="mx-auto w-full max-w-[260px] sm:max-w-none"
            loading="eager"
          />
          <CardHeader>
            <CardTitle>{style.name}</CardTitle>
            {style.description ? <p className="text-sm text-muted-foreground">{style.description}</p> : null}
          </CardHeader>
          <CardContent className="flex flex-wrap gap-2">
            <Badge>{types.label}</Badge>
            <Badge tone="outline">{types.mode}</Badge>
            <Badge tone="outline">{audienceLabel(style.sex)}</Badge>
          </CardContent>
        </Card>

        <div className="min-w-0 space-y-6">
          {modeChoiceVisible(style.styleImageType) ? (
            <ModeToggle value={state.mode} onChange={(mode: Mode) => dispatch({ type: 'setMode', mode, profiles })} />
          ) : null}

          <section aria-labelledby="profile-heading" className="space-y-3">
            <h2 id="profile-heading" className="sr-only">
              Photo profile
            </h2>
            {profilesQ.isPending ? (
              <div className="flex items-center gap-2 text-sm text-muted-foreground">
                <SpinnerIcon /> Loading photo profiles...
              </div>
            ) : profilesQ.isError ? (
              <Notice tone="warning" title="Could not load your photo profiles" />
            ) : (
              <>
                {profiles.length > 0 ? (
                  <ProfileRadioCards
                    legend="Choose a photo profile"
                    name="photo-profile"
                    mode={state.mode}
                    profiles={profiles}
                    value={state.profileId}
                    onChange={(profileId) => dispatch({ type: 'selectProfile', profileId })}
                    exactNote="Needs a full-body photo for Exact mode"
                    testId="profile-choices"
                  />
                ) : null}
                {!anyQualifies ? (
                  <Notice
                    tone="warning"
                    title={
                      profiles.length === 0
                        ? 'No photo profile yet'
                        : state.mode === 'exact'
                          ? 'Exact mode needs a full-body photo'
                          : 'No profile has a portrait'
                    }
                  >
                    <p>
                      {profiles.length === 0
                        ? 'Create a photo profile to try on this style.'
                        : 'Add the missing photo to one of your profiles.'}
                    </p>
                    <Link
                      to={profiles.length === 0 ? '/profiles/new' : '/profiles'}
                      className={buttonClasses({ variant: 'outline', size: 'sm' })}
                    >
                      {profiles.length === 0 ? 'Create Photo Profile' : 'Manage Photo Profiles'}
                    </Link>
                  </Notice>
                ) : null}
              </>
            )}
            {mismatch ? (
              <Notice tone="warning" title="Gender mismatch">
                <p>
                  This style is made for {audienceLabel(style.sex).toLowerCase()}, and the selected profile is{' '}
                  {selected!.gender}. The result may not look as intended.
                </p>
              </Notice>
            ) : null}
          </section>

          {state.mode === 'creative' ? (
            <section aria-labelledby="prompt-heading" className="space-y-3">
              <h2 id="prompt-heading" className="sr-only">
                Generation style
              </h2>
              {promptsQ.isPending ? (
                <div className="flex items-center gap-2 text-sm text-muted-foreground">
                  <SpinnerIcon /> Loading generation styles...
                </div>
              ) : prompts.length === 0 ? (
                <Notice tone="warning" title="No template configured" />
              ) : (
                <RadioCards
                  legend="Choose a generation style"
                  name="prompt-template"
                  items={prompts}
                  value={state.promptTemplateId}
                  onChange={(promptTemplateId) => dispatch({ type: 'selectPrompt', promptTemplateId })}
                  render={(p) => <PromptChoice prompt={p} />}
                  className="sm:grid-cols-2"
                  testId="prompt-choices"
                />
              )}
            </section>
          ) : null}

          <div className="space-y-3 rounded-2xl border border-border bg-card p-4 sm:p-5">
            <VariantsPicker value={variants} onChange={setVariants} />
            <div className="flex flex-col gap-2 sm:flex-row">
              <Button
                size="lg"
                onClick={onGenerate}
                disabled={busy}
                data-testid="generate-button"
                className="w-full sm:w-auto"
              >
                {start.isPending ? <SpinnerIcon /> : <Wand className="h-4 w-4" aria-hidden="true" />}
                {start.isPending
                  ? 'Generating...'
                  : variants === 1
                    ? `Generate Look (${creditCount(cost)})`
                    : `Generate ${costLabel({ variants })}`}
              </Button>
              {style.styleImageType !== 'product_only' ? (
                <Button
                  size="lg"
                  variant="outline"
                  onClick={onQuickTry}
                  disabled={busy || !canQuickTry}
                  data-testid="quick-try-exact"
                  className="w-full sm:w-auto"
                  aria-describedby="quick-try-hint"
                >
                  {quick.isPending ? <SpinnerIcon /> : <Zap className="h-4 w-4" aria-hidden="true" />}
                  {spendLabel('Quick Try Exact', quickTryCost)}
                </Button>
              ) : null}
            </div>
            {style.styleImageType !== 'product_only' ? (
              <p id="quick-try-hint" className="text-xs text-muted-foreground">
                {canQuickTry ? quickTryExactHint(renderers) : 'Quick Try Exact needs a profile with a full-body photo.'}
              </p>
            ) : null}
            <CreditsLine />
          </div>
        </div>
      </div>
      {start.spendDialog}
      {quick.spendDialog}
    </div>
  );
}
