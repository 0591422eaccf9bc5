import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSearchParams } from 'react-router-dom';
import ArrowUp from 'lucide-react/icons/arrow-up';
import ArrowDown from 'lucide-react/icons/arrow-down';
import Plus from 'lucide-react/icons/plus';
import X from 'lucide-react/icons/x';
import {
  OUTFIT_SLOTS,
  SLOT_LABELS,
  MAX_OUTFIT_PIECES,
  costLabel,
  lookCost,
  type PieceSource,
} from '@shared/domain/outfit';
import { STYLE_IMAGE_TYPES } from '@shared/domain/catalog';
import { creditWord } from '@shared/domain/plans';
import { MODES, profileQualifies } from '@shared/domain/generation';
import { Button } from '../../../components/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/card';
import { PageHeader } from '../../../components/page-header';
import { SpinnerIcon } from '../../../components/spinner';
import { Tooltip } from '../../../components/tooltip';
import { toast } from '../../../components/use-toast';
import { ImageUpload } from '../../../components/image-upload/image-upload';
import { cn } from '../../../lib/cn';
import { isOneOf } from '../../../lib/one-of';
import Wand from 'lucide-react/icons/wand';
import { BackLink, pageShell } from '../../../components/back-link';
import { CreditsLine } from '../../../components/credits-line';
import { IMAGE_TYPE_LABELS } from '../../../lib/audience';
import { ModeProfilePicker, RadioCards } from '../../../components/choice-list';
import { VariantsPicker } from '../../../components/variants-picker';
import { photosOf } from '../../../lib/generate-validation';
import { pickInitialProfile } from '../../../lib/mode-state';
import { getStyleProductsQueryOptions, usePhotoProfiles, useStyleProducts, useStylesById } from '../../../api/catalog';
import { StylePicker } from '../../../components/style-picker';
import { useQueries } from '@tanstack/react-query';
import { PreviewOnMe } from '../../preview';
import { useStartAndOpen } from '../../generate';
import {
  draftReducer,
  draftStatus,
  newPiece,
  outfitFormSchema,
  previewPiecesOf,
  toRequestPieces,
  type DraftAction,
  type DraftPiece,
  type OutfitFormValues,
} from '../lib/outfit-draft';

const SOURCES: { id: PieceSource; label: string }[] = [
  { id: 'upload', label: 'Upload' },
  { id: 'style', label: 'Style' },
  { id: 'product', label: 'Product' },
];
const selectClass =
  'h-10 w-full rounded-lg border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

export const OUTFIT_STARTED = {
  title: 'Outfit started!',
  description: 'Your outfit is being rendered. The result page updates when it is ready.',
} as const;

/** /outfit: up to 5 pieces in layering order (uploaded images, styles or products), variants, and Generate. */
export default function OutfitBuilderPage() {
  const [params] = useSearchParams();
  const [defaultValues] = useState<OutfitFormValues>(() => {
    const styleId = params.get('styleId');
    return {
      pieces: [styleId ? newPiece('top', 'style', styleId) : newPiece('top')],
      mode: 'exact',
      variants: 1,
      photoProfileId: null,
    };
  });
  const form = useForm<OutfitFormValues>({ resolver: zodResolver(outfitFormSchema), defaultValues });
  const { getValues, setValue, watch, handleSubmit } = form;
  const pieces = watch('pieces');
  const mode = watch('mode');
  const variants = watch('variants');
  const profileId = watch('photoProfileId');
  /** The pieces change through the pure reducer (unit-tested), written back into the form. */
  const dispatch = useCallback(
    (a: DraftAction) =>
      setValue('pieces', draftReducer(getValues('pieces'), a), { shouldValidate: form.formState.isSubmitted }),
    [getValues, setValue, form.formState.isSubmitted],
  );
  const [uploading, setUploading] = useState<Set<string>>(new Set());
  const [focus, setFocus] = useState<{ key: string; dir: 'up' | 'down' } | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const profilesQ = usePhotoProfiles();
  const profiles = useMemo(() => profilesQ.data ?? [], [profilesQ.data]);
  const { startAndOpen, isPending: starting, spendDialog } = useStartAndOpen();
  /** The button that asked: its name starts the confirmation's sentence. */
  const spendAction = useRef('Generate outfit');
  const status = draftStatus(pieces, variants);
  // "Preview on me" (issue 25): the pieces' pictures, from the caches the piece editors fill
  // only the chosen styles, by id (issue 41): the pickers page through the catalogue themselves
  const chosenStyles = useStylesById(pieces.flatMap((p) => (p.source === 'style' && p.styleId ? [p.styleId] : [])));
  const productStyleIds = [...new Set(pieces.flatMap((p) => (p.source === 'product' && p.styleId ? [p.styleId] : [])))];
  const productsQs = useQueries({ queries: productStyleIds.map((id) => getStyleProductsQueryOptions(id)) });
  const previewPieces = previewPiecesOf(
    pieces,
    chosenStyles.flatMap((q) => (q.data ? [q.data] : [])),
    (id) => productsQs[productStyleIds.indexOf(id)]?.data,
  );

  useEffect(() => {
    const cur = getValues('photoProfileId');
    const still = profiles.find((p) => p.id === cur);
    if (still && profileQualifies(mode, photosOf(still))) return;
    setValue('photoProfileId', pickInitialProfile(mode, profiles));
  }, [profiles, mode, getValues, setValue]);

  // keep the focus on the moved piece's button, so repeated keyboard moves work
  useEffect(() => {
    if (!focus) return;
    const el = listRef.current?.querySelector<HTMLElement>(`[data-piece="${focus.key}"] [data-move="${focus.dir}"]`);
    (el && !el.hasAttribute('disabled')
      ? el
      : listRef.current?.querySelector<HTMLElement>(`[data-piece="${focus.key}"]`)
    )?.focus();
  }, [focus, pieces]);

  const move = (key: string, by: -1 | 1) => {
    dispatch({ type: 'move', key, by });
    setFocus({ key, dir: by < 0 ? 'up' : 'down' });
  };
  const onPieceKey = (e: KeyboardEvent<HTMLLIElement>, key: string) => {
    if (!e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
    e.preventDefault();
    move(key, e.key === 'ArrowUp' ? -1 : 1);
  };

  const onValid = (v: OutfitFormValues) => {
    const cost = lookCost({ pieces: v.pieces.length, variants: v.variants });
    startAndOpen({
      spend: { cost, action: spendAction.current, does: 'renders this outfit on your photo' },
      request: {
        kind: 'outfit',
        pieces: toRequestPieces(v.pieces),
        photoProfileId: v.photoProfileId ?? '',
        mode: v.mode,
        variants: v.variants,
      },
      started: OUTFIT_STARTED,
    });
  };
  /** The first refusal, in the order the page reads: the outfit as a whole, then each piece, then the profile. */
  const onInvalid = (errors: FieldErrors<OutfitFormValues>) => {
    const list = errors.pieces;
    const whole = messageOf(list && 'root' in list ? list.root : undefined) ?? messageOf(list);
    if (whole) {
      toast({ title: 'This outfit cannot be rendered', description: whole, variant: 'destructive' });
      return;
    }
    const i = getValues('pieces').findIndex((_p, n) => !!list?.[n]);
    const piece = i >= 0 ? messageOf(list?.[i]) : undefined;
    if (piece) {
      toast({ title: `Piece ${i + 1}`, description: piece, variant: 'destructive' });
      return;
    }
    if (errors.photoProfileId?.message)
      toast({ title: 'Profile required', description: errors.photoProfileId.message, variant: 'destructive' });
  };
  const onGenerate = handleSubmit(onValid, onInvalid);

  const busy = uploading.size > 0;
  const label = `Generate outfit · ${costLabel({ pieces: pieces.length, variants })}`;

  return (
    <div className={`${pageShell} max-w-3xl`}>
      <BackLink to="/dashboard">Back to Dashboard</BackLink>
      <PageHeader
        title="Build an outfit"
        description={`Up to ${MAX_OUTFIT_PIECES} pieces, worn together in one try-on. List them in layering order: the first is put on first.`}
      />
      <div className="space-y-6">
        <Card>
          <CardHeader>
            <CardTitle>Pieces</CardTitle>
          </CardHeader>
          <CardContent className="space-y-4">
            <p className="text-xs text-muted-foreground" id="reorder-help">
              Reorder with the arrow buttons, or focus a piece and press Alt + Arrow Up / Arrow Down.
            </p>
            <ol ref={listRef} className="space-y-3" aria-describedby="reorder-help" data-testid="outfit-pieces">
              {pieces.map((p, i) => (
                <PieceEditor
                  key={p.key}
                  piece={p}
                  index={i}
                  count={pieces.length}
                  conflict={!!status.problem?.pieces.includes(i)}
                  missing={status.missing.get(i) ?? null}
                  dispatch={dispatch}
                  onMove={move}
                  onKeyDown={onPieceKey}
                  onUploading={(on) =>
                    setUploading((cur) => {
                      if (cur.has(p.key) === on) return cur; // unchanged: no re-render
                      const next = new Set(cur);
                      if (on) next.add(p.key);
                      else next.delete(p.key);
                      return next;
                    })
                  }
                />
              ))}
            </ol>
            {status.problem ? (
              <div
                role="alert"
                className="rounded-lg border border-destructive/50 bg-destructive/10 px-3 py-2 text-sm text-destructive"
                data-testid="outfit-conflict"
              >
                {status.problem.message}
              </div>
            ) : null}
            <Button
              variant="outline"
              onClick={() => dispatch({ type: 'add' })}
              disabled={pieces.length >= MAX_OUTFIT_PIECES}
              data-testid="outfit-add-piece"
            >
              <Plus className="h-4 w-4" aria-hidden="true" />
              Add a piece ({pieces.length}/{MAX_OUTFIT_PIECES})
            </Button>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Photo, mode and variants</CardTitle>
          </CardHeader>
          <CardContent className="space-y-4">
            <RadioCards
              legend="Mode"
              name="outfit-mode"
              items={[
                { id: 'exact', title: 'Exact', hint: 'Each piece as it is, on your full-body photo.' },
                { id: 'creative', title: 'Creative', hint: 'The whole outfit restyled on your portrait.' },
              ]}
              value={mode}
              onChange={(m) => isOneOf(MODES, m) && setValue('mode', m, { shouldValidate: form.formState.isSubmitted })}
              render={(m) => (
                <span className="min-w-0 flex-1">
                  <span className="block text-sm font-medium">{m.title}</span>
                  <span className="block text-xs text-muted-foreground">{m.hint}</span>
                </span>
              )}
              className="sm:grid-cols-2"
              testId="outfit-mode"
            />
            <ModeProfilePicker
              name="outfit-profile"
              mode={mode}
              pending={profilesQ.isPending}
              profiles={profiles}
              value={profileId}
              onChange={(id) => setValue('photoProfileId', id, { shouldValidate: form.formState.isSubmitted })}
            />
            <VariantsPicker value={variants} onChange={(n) => setValue('variants', n)} pieces={pieces.length} />
            <p className="text-xs text-muted-foreground" data-testid="outfit-cost-rule">
              1 credit for the first piece, +1 for each further piece, times the number of variants.
            </p>
            <Button
              size="lg"
              className="w-full sm:w-auto"
              onClick={() => {
                spendAction.current = 'Generate outfit';
                void onGenerate();
              }}
              disabled={busy || starting}
              aria-describedby="outfit-total"
              data-testid="outfit-generate"
            >
              {starting ? <SpinnerIcon /> : <Wand className="h-4 w-4" aria-hidden="true" />}
              {starting ? 'Generating...' : label}
            </Button>
            <PreviewOnMe
              looks={
                previewPieces
                  ? [{ id: 'outfit', name: 'Your outfit', thumbSrc: previewPieces[0]!.src, garments: previewPieces }]
                  : []
              }
              profiles={profilesQ.data}
              profileId={profileId}
              disabled={busy || !previewPieces}
              onRender={(_look, id) => {
                setValue('photoProfileId', id);
                spendAction.current = 'Render this outfit';
                void onGenerate();
              }}
              renderPending={starting}
              renderLabel={`Render this outfit · ${costLabel({ pieces: pieces.length, variants })}`}
              className="w-full sm:w-auto"
            />
            <p id="outfit-total" className="text-sm" data-testid="outfit-total">
              Total: <span className="font-semibold">{status.cost}</span> {creditWord(status.cost)}
            </p>
            <CreditsLine />
          </CardContent>
        </Card>
      </div>
      {spendDialog}
    </div>
  );
}

function PieceEditor({
  piece: p,
  index,
  count,
  conflict,
  missing,
  dispatch,
  onMove,
  onKeyDown,
  onUploading,
}: {
  piece: DraftPiece;
  index: number;
  count: number;
  conflict: boolean;
  missing: string | null;
  dispatch: (a: DraftAction) => void;
  onMove: (key: string, by: -1 | 1) => void;
  onKeyDown: (e: KeyboardEvent<HTMLLIElement>, key: string) => void;
  onUploading: (on: boolean) => void;
}) {
  const n = index + 1;
  const productsQ = useStyleProducts(p.source === 'product' ? (p.styleId ?? undefined) : undefined);
  const products = (productsQ.data ?? []).filter((x) => !!x.imageUrl);
  return (
    // A focusable piece moves with Alt+Arrow keys (keyboard reordering); its own controls stay buttons and selects.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <li
      data-piece={p.key}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      aria-label={`Piece ${n} of ${count}: ${SLOT_LABELS[p.slot]}`}
      onKeyDown={(e) => onKeyDown(e, p.key)}
      className={cn(
        'space-y-3 rounded-xl border p-3 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        conflict ? 'border-destructive' : 'border-border',
      )}
      data-testid={`piece-${index}`}
    >
      <div className="flex flex-wrap items-end gap-2">
        <span
          className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
          aria-hidden="true"
        >
          {n}
        </span>
        <label className="min-w-[9rem] flex-1 text-sm">
          <span className="mb-1 block font-medium">Slot</span>
          <select
            className={selectClass}
            value={p.slot}
            onChange={(e) =>
              isOneOf(OUTFIT_SLOTS, e.target.value) && dispatch({ type: 'slot', key: p.key, slot: e.target.value })
            }
            aria-invalid={conflict}
            data-testid={`piece-${index}-slot`}
          >
            {OUTFIT_SLOTS.map((s) => (
              <option key={s} value={s}>
                {SLOT_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        <div className="flex gap-1">
          <Tooltip content="Move up (Alt + Arrow Up)">
            <Button
              variant="ghost"
              size="icon"
              data-move="up"
              aria-label={`Move piece ${n} up`}
              disabled={index === 0}
              onClick={() => onMove(p.key, -1)}
            >
              <ArrowUp className="h-4 w-4" aria-hidden="true" />
            </Button>
          </Tooltip>
          <Tooltip content="Move down (Alt + Arrow Down)">
            <Button
              variant="ghost"
              size="icon"
              data-move="down"
              aria-label={`Move piece ${n} down`}
              disabled={index === count - 1}
              onClick={() => onMove(p.key, 1)}
            >
              <ArrowDown className="h-4 w-4" aria-hidden="true" />
            </Button>
          </Tooltip>
          <Tooltip content="Remove this piece">
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Remove piece ${n}`}
              disabled={count === 1}
              onClick={() => dispatch({ type: 'remove', key: p.key })}
              data-testid={`piece-${index}-remove`}
            >
              <X className="h-4 w-4" aria-hidden="true" />
            </Button>
          </Tooltip>
        </div>
      </div>
      <fieldset>
        <legend className="mb-1 text-sm font-medium">Piece {n} comes from</legend>
        <div className="flex flex-wrap gap-2">
          {SOURCES.map((s) => (
            <label
              key={s.id}
              className={cn(
                'relative cursor-pointer rounded-full border px-3 py-1 text-sm focus-within:ring-2 focus-within:ring-ring',
                p.source === s.id ? 'border-primary bg-primary/10 font-medium' : 'border-border hover:bg-muted',
              )}
            >
              <input
                type="radio"
                className="sr-only"
                name={`source-${p.key}`}
                checked={p.source === s.id}
                onChange={() => dispatch({ type: 'source', key: p.key, source: s.id })}
                data-testid={`piece-${index}-source-${s.id}`}
              />
              {s.label}
            </label>
          ))}
        </div>
      </fieldset>
      {p.source === 'upload' ? (
        <div className="space-y-2">
          <label className="block text-sm">
            <span className="mb-1 block font-medium">What does the image show?</span>
            <select
              className={selectClass}
              value={p.imageType}
              onChange={(e) =>
                isOneOf(STYLE_IMAGE_TYPES, e.target.value) &&
                dispatch({ type: 'imageType', key: p.key, imageType: e.target.value })
              }
            >
              {STYLE_IMAGE_TYPES.map((t) => (
                <option key={t} value={t}>
                  {IMAGE_TYPE_LABELS[t].label}
                </option>
              ))}
            </select>
          </label>
          <ImageUpload
            purpose="outfit"
            label={`Image of piece ${n}`}
            previewAlt={`Piece ${n} preview`}
            onUploaded={(url) => dispatch({ type: 'upload', key: p.key, imageUrl: url })}
            onStateChange={(s) => onUploading(s === 'uploading')}
            inputTestId={`piece-${index}-file`}
            name={`piece-${index}-file`}
          />
        </div>
      ) : (
        <div className="space-y-3">
          <StylePicker
            legend={`Style of piece ${n}`}
            value={p.styleId ?? null}
            onChange={(s) => dispatch({ type: 'style', key: p.key, styleId: s.id })}
            testId={`piece-${index}-style`}
          />
          {p.source === 'product' ? (
            <label className="block text-sm">
              <span className="mb-1 block font-medium">Product</span>
              <select
                className={selectClass}
                value={p.productId ?? ''}
                onChange={(e) => dispatch({ type: 'product', key: p.key, productId: e.target.value || null })}
                disabled={!p.styleId || productsQ.isPending}
                data-testid={`piece-${index}-product`}
              >
                <option value="">
                  {!p.styleId
                    ? 'Choose a style first'
                    : productsQ.isPending
                      ? 'Loading products...'
                      : products.length
                        ? 'Choose a product'
                        : 'This style has no products'}
                </option>
                {products.map((x) => (
                  <option key={x.id} value={x.id}>
                    {x.name}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
        </div>
      )}
      {missing ? <p className="text-xs text-muted-foreground">{missing}</p> : null}
    </li>
  );
}

/** A form error's message, read with checks (react-hook-form types an array field's errors loosely). */
function messageOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string'
    ? error.message
    : undefined;
}
