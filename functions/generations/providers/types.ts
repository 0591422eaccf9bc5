/** The provider port: every image provider behind one interface (the Fitly engine, fashn for Exact, gemini for Creative). */
import type { CreativeLook } from '../../../shared/domain/creative-look';
import type { Mode } from '../../../shared/domain/generation';
import type { OutfitSlot } from '../../../shared/domain/outfit';
import type { ProviderName } from '../../../shared/domain/render-queue';

/** One garment of a request that carries several (a whole outfit for a multi-image provider). */
export interface GarmentInput {
  image: ImageInput;
  slot: OutfitSlot | null;
  photoType: 'auto' | 'flat-lay' | 'model';
}

export interface ImageInput {
  bytes: Buffer;
  contentType: string;
}

export interface RenderRequest {
  generationId: string;
  mode: Mode;
  /** The person: the full-body photo in exact mode, the portrait in creative mode. */
  person: ImageInput;
  /** The outfit / style reference image, when there is one. */
  garment: ImageInput | null;
  background: ImageInput | null;
  /** Prompt text (creative mode and raw templates), with {{BODY_DESCRIPTION}} already replaced. */
  prompt: string | null;
  /** The style's or template's name (providers may show it; the engine does not). */
  caption: string;
  garmentPhotoType: 'auto' | 'flat-lay' | 'model';
  /** Where an asynchronous provider reports the end of the job (FASHN `webhook_url`), when we have one. */
  webhookUrl?: string;
  /** How many images to render (variants: FASHN num_samples, Gemini candidates, local seeds). Default 1. */
  samples?: number;
  /** The slot of `garment` (placement, FASHN category): an outfit piece's, or the one the person or style said. */
  slot?: OutfitSlot | null;
  /** The fit of the size the preview drew (issue 39): width and length multipliers of the engine's variants. */
  fit?: { ease: number; length: number } | null;
  /** A multi-image provider's whole outfit in layering order (then `garment` is the first of them). */
  garments?: GarmentInput[];
  /** Creative mode on the Fitly engine: the prompt template's background and colour grade. */
  look?: CreativeLook | null;
  /** A chained outfit: which step this is (each step's result is the next step's person). */
  step?: { index: number; count: number };
}

export type RenderOutcome =
  /** `more`: the further samples when several were asked for. */
  | { status: 'done'; image: ImageInput; more?: ImageInput[] }
  | { status: 'done'; imageUrl: string; moreUrls?: string[] }
  | { status: 'pending'; jobId: string; pollAfterSeconds: number };

export interface ImageProvider {
  readonly name: ProviderName;
  /** Takes a whole outfit in one call (several garment images); otherwise outfits are chained garment by garment. */
  readonly multiGarment: boolean;
  submit(req: RenderRequest): Promise<RenderOutcome>;
  poll(jobId: string): Promise<RenderOutcome>;
}

/** Retryable: the workflow's Retry on Render catches these names with backoff. */
export class ProviderThrottled extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderThrottled';
  }
}
export class ProviderTimeout extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderTimeout';
  }
}
/** Final: the generation fails with this user-readable message (and is refunded). */
export class ProviderRejected extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderRejected';
  }
}
