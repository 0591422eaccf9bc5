/**
 * Content moderation: one port, two adapters.
 * - `rekognition` (AWS): Amazon Rekognition DetectModerationLabels with the image bytes (JPEG, at most
 *   1024 px: Rekognition accepts only JPEG and PNG up to 5 MB).
 * - `nsfwjs` (local): the nsfwjs MobileNetV2 model (weights shipped inside the npm package, offline) on
 *   TensorFlow.js with the WASM backend. Loaded lazily, once per process (~0.3 s), then ~60 ms per image.
 * Which one: CONTENT_MODERATION=rekognition|local; default local in the local stage, Rekognition elsewhere.
 * Thresholds and the verdict rules: shared/domain/content-safety.ts.
 *
 * `assertImageSafe` is what callers use: it records a refusal (kind, reasons, user; never the image) and
 * throws ContentUnsafe, an HttpError 422 { code: 'content.unsafe' } whose name the workflow's failure
 * mapping recognises.
 */
import { DetectModerationLabelsCommand, RekognitionClient } from '@aws-sdk/client-rekognition';
import { ulid } from 'ulid';
import {
  CONTENT_SAFETY,
  CONTENT_SAFETY_MESSAGES,
  CONTENT_UNSAFE_CODE,
  verdictFromNsfw,
  verdictFromRekognition,
  type ImageCheckKind,
  type ModerationVerdict,
} from '../../shared/domain/content-safety';
import { HttpError } from '../../shared/errors';
import { recordContentRefusal } from '../../shared/repositories/content-safety-repository';
import type { NSFWJS } from 'nsfwjs';
import { getDb } from './aws';
import { logger } from './logger';
import { loadSharp } from './sharp-loader';
import { loadTf, type Tf } from './tfjs-loader';

export interface ImageModerator {
  readonly name: string;
  /** `kind`: which image it is (the local stack runs a paid look's result ahead of free uploads' checks). */
  moderate(image: Buffer, kind?: ImageCheckKind): Promise<ModerationVerdict>;
}

export class ContentUnsafe extends HttpError {
  readonly reasons: string[];
  constructor(reasons: string[], message: string = CONTENT_SAFETY_MESSAGES.unsafeUpload) {
    super(422, CONTENT_UNSAFE_CODE, message);
    this.name = 'ContentUnsafe';
    this.reasons = reasons;
  }
}

// ---------------------------------------------------------------------------------------------- Rekognition

/**
 * The Rekognition adapter: DetectModerationLabels through the AWS SDK v3 client (created on first use; the SDK's
 * standard retry and credential chain). `endpoint` only for tests (an HTTP fake of the documented JSON protocol).
 */
export function rekognitionModerator(opts: { endpoint?: string; region?: string } = {}): ImageModerator {
  let client: RekognitionClient | undefined;
  return {
    name: 'rekognition',
    async moderate(image) {
      const endpoint = opts.endpoint ?? process.env.REKOGNITION_ENDPOINT;
      client ??= new RekognitionClient({
        region: opts.region ?? process.env.AWS_REGION ?? 'eu-west-1',
        ...(endpoint ? { endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
      });
      const sharp = await loadSharp();
      const jpeg = await sharp(image)
        .resize(1024, 1024, { fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 85 })
        .toBuffer();
      const res = await client.send(
        new DetectModerationLabelsCommand({
          Image: { Bytes: jpeg },
          MinConfidence: CONTENT_SAFETY.rekognition.minConfidence,
        }),
      );
      return verdictFromRekognition(res.ModerationLabels ?? []);
    },
  };
}

// ---------------------------------------------------------------------------------------------- nsfwjs

let nsfw: Promise<{ tf: Tf; model: NSFWJS }> | undefined;

/**
 * Load TensorFlow.js (WASM backend, CPU fallback) and the bundled MobileNetV2 once per process. nsfwjs is typed
 * against `@tensorflow/tfjs`, which re-exports the one tfjs-core that tfjs-loader loads: its tensors are ours.
 */
export function loadLocalClassifier(): Promise<{ tf: Tf; model: NSFWJS; backend?: string }> {
  nsfw ??= (async () => {
    const tf = await loadTf();
    const { load } = await import('nsfwjs');
    const model = await load('MobileNetV2');
    return { tf, model };
  })().catch((err) => {
    nsfw = undefined;
    throw err;
  });
  return nsfw;
}

/** The local classifier's verdict on one image, in this thread. */
export async function classifyLocally(image: Buffer): Promise<ModerationVerdict> {
  const { tf, model } = await loadLocalClassifier();
  const sharp = await loadSharp();
  const { data } = await sharp(image)
    .flatten({ background: '#ffffff' })
    .resize(224, 224, { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const input = tf.tensor3d(new Uint8Array(data), [224, 224, 3], 'int32');
  try {
    return verdictFromNsfw(await model.classify(input));
  } finally {
    input.dispose();
  }
}

type LocalClassifierRunner = (image: Buffer, kind?: ImageCheckKind) => Promise<ModerationVerdict>;
let localRunner: LocalClassifierRunner | null = null;

/**
 * Where the local classifier runs: in this thread (null), or where the local stack puts it: on the engine's
 * worker threads (functions/engine/pool.ts), so that a burst's checks (~0.1-0.2 s of CPU each) do not hold the
 * one thread that serves the API and the workflow.
 */
export function runLocalClassifierWith(runner: LocalClassifierRunner | null): void {
  localRunner = runner;
}

export function localModerator(): ImageModerator {
  return {
    name: 'nsfwjs',
    moderate: (image, kind) => (localRunner ? localRunner(image, kind) : classifyLocally(image)),
  };
}

// ---------------------------------------------------------------------------------------------- the port

let override: ImageModerator | null = null;
let configured: ImageModerator | undefined;

export function getModerator(): ImageModerator {
  if (override) return override;
  const choice =
    process.env.CONTENT_MODERATION ?? ((process.env.APP_STAGE ?? 'local') === 'local' ? 'local' : 'rekognition');
  if (configured?.name !== (choice === 'rekognition' ? 'rekognition' : 'nsfwjs'))
    configured = choice === 'rekognition' ? rekognitionModerator() : localModerator();
  return configured;
}

/** Tests only: decide with this moderator (null: back to the configured one). */
export function setModeratorForTests(m: ImageModerator | null): void {
  override = m;
}

/** Check an image; on an unsafe verdict record the refusal and throw ContentUnsafe (nothing is stored). */
export async function assertImageSafe(
  image: Buffer,
  context: { kind: ImageCheckKind; userId?: string | null },
): Promise<void> {
  const moderator = getModerator();
  const verdict = await moderator.moderate(image, context.kind);
  if (verdict.safe) return;
  const createdAt = new Date().toISOString();
  await recordContentRefusal(getDb(), {
    id: ulid(),
    kind: context.kind,
    reasons: verdict.reasons,
    moderator: moderator.name,
    userId: context.userId ?? null,
    createdAt,
  }).catch((error: unknown) => logger.error('Could not record a content refusal', { error }));
  logger.warn('image refused by content safety', {
    kind: context.kind,
    reasons: verdict.reasons,
    moderator: moderator.name,
  });
  throw new ContentUnsafe(verdict.reasons);
}
