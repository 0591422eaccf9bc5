/**
 * Where a style's images (prompt image, cover) live, by the style's visibility:
 * - private style: the private bucket (style-images/<owner>/...), read through owner-checked signed URLs only;
 * - public style: a copy in the public bucket at styles/<styleId>/<sha256>.<ext> (content-addressed: immutable,
 *   served and cached under /media/), which is what the record, the catalogue and collections name; an image
 *   named from elsewhere (the owner's public upload, a copy of another of the owner's styles) is copied too, so
 *   a public style's images are its own objects and its takedown deletes nothing another style names.
 * Publishing copies private images to the public bucket before the record says "public"; unpublishing copies
 * them back to the private bucket before the record says "private", then deletes the style's public copies
 * (and so does deleting the style). Private originals are kept (another private style may name the same upload);
 * they go with the account. The record always names objects that exist in the bucket its visibility allows.
 * `stylePlacement(media)` works on its media collaborator; `productionMedia` is the buckets.
 */
import { PRIVATE_IMAGE_PREFIX, PUBLIC_IMAGE_PREFIX, isSafeImageKey } from '../../shared/domain/image-ref';
import {
  copyImageAddressed,
  deleteImages,
  mediaKeys,
  privateImagePath,
  publicImagePath,
  type BucketKind,
} from '../lib/media-store';
import { logger } from '../lib/logger';

export type StyleImageField = 'promptImageUrl' | 'coverImageUrl';
export type StyleImages = Partial<Record<StyleImageField, string | null | undefined>>;

/** The buckets, as placing a style's images uses them. */
export interface PlacementMedia {
  /** Copy an object to a content-addressed key (keyFor(sha, ext)); null when the source is missing. */
  copyAddressed: (
    from: BucketKind,
    fromKey: string,
    to: BucketKind,
    keyFor: (sha: string, ext: string) => string,
  ) => Promise<string | null>;
  delete: (bucket: BucketKind, keys: string[]) => Promise<number>;
}

export const productionMedia: PlacementMedia = { copyAddressed: copyImageAddressed, delete: deleteImages };

interface StoredObject {
  bucket: BucketKind;
  key: string;
}

export interface Placement {
  /** The fields whose reference changed (to put in the same write as the visibility). */
  patch: Partial<Record<StyleImageField, string>>;
  /** Objects written for this placement (deleted again when the write fails). */
  created: StoredObject[];
  /** Objects no longer named once the write succeeded (the style's own public copies). */
  obsolete: StoredObject[];
}

function objectOf(ref: string): StoredObject | null {
  const bucket: BucketKind | null = ref.startsWith(PUBLIC_IMAGE_PREFIX)
    ? 'public'
    : ref.startsWith(PRIVATE_IMAGE_PREFIX)
      ? 'private'
      : null;
  if (!bucket) return null;
  const key = ref.slice(bucket === 'public' ? PUBLIC_IMAGE_PREFIX.length : PRIVATE_IMAGE_PREFIX.length);
  return isSafeImageKey(key) ? { bucket, key } : null;
}

/** A public object that belongs to this style alone (its published copies, its seed images). */
const ownPublicCopy = (styleId: string, o: StoredObject) =>
  o.bucket === 'public' && o.key.startsWith(mediaKeys.publicStylePrefix(styleId));
/** Public objects that must not stay public under a private style: its own copies and style uploads of older versions. */
const movableToPrivate = (styleId: string, o: StoredObject) =>
  o.bucket === 'public' && (ownPublicCopy(styleId, o) || /^uploads\/style_(prompt|cover)\//.test(o.key));

/** Placing a style's images, on the buckets. */
export function stylePlacement(media: PlacementMedia) {
  /** Copy what must move for the style to be `isPublic`; the record is not touched here. */
  async function placeStyleImages(
    style: { id: string; createdBy: string },
    images: StyleImages,
    isPublic: boolean,
  ): Promise<Placement> {
    const out: Placement = { patch: {}, created: [], obsolete: [] };
    const done = new Map<string, string | null>();
    for (const field of ['promptImageUrl', 'coverImageUrl'] as const) {
      const ref = images[field];
      if (!ref) continue;
      const from = objectOf(ref);
      if (!from) continue;
      let toRef: string | null | undefined = done.get(ref);
      if (toRef === undefined) {
        toRef = null;
        if (isPublic && !ownPublicCopy(style.id, from)) {
          // a public style names only its own copies (styles/<id>/): a takedown of it deletes nothing of another's
          const key = await media.copyAddressed(from.bucket, from.key, 'public', (sha, ext) =>
            mediaKeys.publicStyleImage(style.id, sha, ext),
          );
          if (key) {
            out.created.push({ bucket: 'public', key });
            toRef = publicImagePath(key);
          }
        } else if (!isPublic && movableToPrivate(style.id, from)) {
          const key = await media.copyAddressed('public', from.key, 'private', (sha, ext) =>
            mediaKeys.styleImage(style.createdBy, sha, ext),
          );
          if (key) {
            out.created.push({ bucket: 'private', key });
            toRef = privateImagePath(key);
            if (ownPublicCopy(style.id, from)) out.obsolete.push(from);
          }
        }
        done.set(ref, toRef);
      }
      if (toRef) out.patch[field] = toRef;
    }
    return out;
  }

  /**
   * After the write: drop what is no longer named (success), or the public copies made for nothing (failure;
   * private copies are content-addressed and may be named by another private style of the owner: they stay).
   */
  async function settlePlacement(p: Placement, written: boolean): Promise<void> {
    const objects = written ? p.obsolete : p.created.filter((o) => o.bucket === 'public');
    for (const bucket of ['public', 'private'] as const) {
      const keys = objects.filter((o) => o.bucket === bucket).map((o) => o.key);
      if (!keys.length) continue;
      await media.delete(bucket, keys).catch((error) => logger.error('Could not delete style images', { error, keys }));
    }
  }

  /** A deleted style: its own public copies go (private originals stay with their owner). */
  async function deleteStylePublicCopies(style: { id: string } & StyleImages): Promise<void> {
    const own = [style.promptImageUrl, style.coverImageUrl]
      .map((ref) => (ref ? objectOf(ref) : null))
      .filter((o): o is StoredObject => !!o && ownPublicCopy(style.id, o));
    await settlePlacement({ patch: {}, created: [], obsolete: own }, true);
  }

  return { placeStyleImages, settlePlacement, deleteStylePublicCopies };
}
