/**
 * The generation screens' shared code in one module. Every page imports from here, so the shared pieces
 * have one set of importers and Rollup puts them in one chunk: fewer chunk names in the entry's preload
 * map (which the landing page downloads) and fewer tiny requests. Keep page-only code in the pages.
 */
export { default as Activity } from 'lucide-react/icons/activity';
export { default as Coins } from 'lucide-react/icons/coins';
export { default as Download } from 'lucide-react/icons/download';
export { default as ExternalLink } from 'lucide-react/icons/external-link';
export { default as Images } from 'lucide-react/icons/images';
export { default as Palette } from 'lucide-react/icons/palette';
export { default as ImageUp } from 'lucide-react/icons/image-up';
export { default as Wand } from 'lucide-react/icons/wand';
export { default as Trash2 } from 'lucide-react/icons/trash-2';
export { default as LayoutTemplate } from 'lucide-react/icons/layout-template';
export { default as Zap } from 'lucide-react/icons/zap';
export { useRawTemplates, usePhotoProfiles, useRawTemplate, useOutfitPrompts, useStyle, useStyleProducts, useCollections, useStyles } from '../api/catalog';
export type { PhotoProfile, RawTemplate, StyleProduct } from '../api/catalog';
export { Notice } from './alert';
export { pageShell, BackLink } from './back-link';
export { Badge, enumLabel } from './badge';
export { useStartGeneration, useGenerations, useGeneration, useGenerationFeedback, useSubmitFeedback } from '../api/generations';
export type { GenerationView } from '../api/generations';
export { GENERATION_STARTED, useStartErrorHandler } from '../api/use-start-error';
export { profileSetupProblem, SETUP_REASON, validateRawTemplateGenerate, photosOf, validateStyleGenerate, needsFullBody, validateCustomLook, validateQuickTry } from '../lib/validation';
export type { GenerateIssue } from '../lib/validation';
export { CreditsLine } from './credits-line';
export { ImageFilePicker } from './file-picker';
export { audienceLabel, genderMismatch, IMAGE_TYPE_LABELS } from '../lib/audience';
export { initialModeState, modeReducer, pickInitialProfile } from '../lib/mode-state';
export { ProfileChoice, PromptChoice, RadioCards } from './choice-list';
export { ModeToggle } from './mode-toggle';
export { OutfitUploadPanel } from './upload-panel';
export type { UploadState } from './upload-panel';
export { ALL_PROFILES, completedView, partitionGenerations } from '../lib/gallery';
export type { GallerySort } from '../lib/gallery';
export { DeleteGenerationDialog } from './delete-generation-dialog';
export { GenerationCard, GenerationGridSkeleton, formatDateTime, generationTitle } from './generation-card';
export { downloadGenerationImage } from '../api/download';
export { StarRating } from './star-rating';
export { VariantsPicker } from './variants-picker';
export { useKeepVariants } from '../api/generations';
export type { KeptVariant, OutfitPieceRequest } from '../api/generations';
