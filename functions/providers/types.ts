/** The provider port: every image provider behind one interface (local, fashn for Exact, gemini for Creative). */
import type { Mode } from '../../shared/domain/generation';

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
  /** Shown on local results so they differ per style or template. */
  caption: string;
  garmentPhotoType: 'auto' | 'flat-lay' | 'model';
  /** Where an asynchronous provider reports the end of the job (FASHN `webhook_url`), when we have one. */
  webhookUrl?: string;
}

export type RenderOutcome =
  | { status: 'done'; image: ImageInput }
  | { status: 'done'; imageUrl: string }
  | { status: 'pending'; jobId: string; pollAfterSeconds: number };

export interface ImageProvider {
  readonly name: 'local' | 'fashn' | 'gemini';
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
