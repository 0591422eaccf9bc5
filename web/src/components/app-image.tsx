import { useEffect, useState, type CSSProperties } from 'react';
import { useQuery } from '@tanstack/react-query';
import ImageOff from 'lucide-react/icons/image-off';
import ImageIcon from 'lucide-react/icons/image';
import { apiJson } from '../lib/api-client';
import { queryKeys } from '../api/query-keys';
import { publicMediaUrl } from '@shared/domain/image-ref';
import { cn } from '../lib/cn';
import { Skeleton } from './skeleton';

/** Image paths served through the API, answered with { url } (a short-lived signed link). */
const API_IMAGE_PREFIXES = ['/api/public-image', '/api/private-image'];

/**
 * none: nothing to show; api: resolved through the API first (private images: owner-checked signed links);
 * public: a public image, shown from /media/<key> (the distribution's cached public-bucket path, no API call);
 * direct: used as is.
 */
export type ImageSourceKind = 'none' | 'api' | 'public' | 'direct';

/** How a src is shown (spec 01 section 4): API paths are resolved first; http(s) and app-relative used as is. */
export function imageSourceKind(src: string | null | undefined): ImageSourceKind {
  const s = src?.trim();
  if (!s) return 'none';
  if (publicMediaUrl(s)) return 'public';
  if (API_IMAGE_PREFIXES.some((p) => s === p || s.startsWith(`${p}/`) || s.startsWith(`${p}?`))) return 'api';
  if (/^https?:\/\//i.test(s) || /^(blob:|data:image\/)/i.test(s)) return 'direct';
  if (s.startsWith('/') && !s.startsWith('//') && !s.startsWith('/api/')) return 'direct';
  return 'none';
}

/**
 * Signed links are reused until shortly before they expire (the API signs one URL per hour window and says
 * when it expires), so the same <img src> hits the browser cache; without expiresAt, 2 minutes.
 */
const RESOLVED_URL_FALLBACK_MS = 2 * 60_000;
export const RESOLVED_URL_MARGIN_MS = 5 * 60_000;

export function resolvedUrlLifetimeMs(data: { expiresAt?: string } | undefined, now = Date.now()): number {
  const expires = data?.expiresAt ? Date.parse(data.expiresAt) : NaN;
  if (!Number.isFinite(expires)) return RESOLVED_URL_FALLBACK_MS;
  return Math.max(0, expires - RESOLVED_URL_MARGIN_MS - now);
}

export type ImageState = 'none' | 'loading' | 'unavailable' | 'ready';

type ResolvedImage = { url?: string; expiresAt?: string };

/** The query that resolves an API image path to a signed link (one cache for <img> and scripts). */
export const resolvedImageQuery = (src: string) => ({
  queryKey: queryKeys.resolvedImage(src),
  queryFn: ({ signal }: { signal: AbortSignal }) => apiJson<ResolvedImage>('GET', src, undefined, signal),
  staleTime: (query: { state: { data: ResolvedImage | undefined } }) => resolvedUrlLifetimeMs(query.state.data),
  gcTime: 60 * 60_000,
});

/** The url to put in <img src>, resolving API image paths through a credentialed GET. */
export function useResolvedImageUrl(src: string | null | undefined): {
  url: string | null;
  state: ImageState;
  refetch: () => void;
} {
  const kind = imageSourceKind(src);
  const q = useQuery({ ...resolvedImageQuery(src ?? ''), enabled: kind === 'api' });
  if (kind === 'none') return { url: null, state: 'none', refetch: () => {} };
  if (kind === 'public') return { url: publicMediaUrl(src!.trim()), state: 'ready', refetch: () => {} };
  if (kind === 'direct') return { url: src!.trim(), state: 'ready', refetch: () => {} };
  if (q.isPending) return { url: null, state: 'loading', refetch: () => void q.refetch() };
  const url = q.data?.url;
  if (q.isError || typeof url !== 'string' || imageSourceKind(url) !== 'direct') {
    return { url: null, state: 'unavailable', refetch: () => void q.refetch() };
  }
  return { url, state: 'ready', refetch: () => void q.refetch() };
}

/** A caller's own object-fit class replaces the default cover (cn does not merge conflicting classes). */
const OBJECT_FIT = /(^|\s)object-(contain|fill|none|scale-down|cover)(\s|$)/;

export interface AppImageProps {
  src: string | null | undefined;
  alt: string;
  width?: number;
  height?: number;
  className?: string;
  imgClassName?: string;
  loading?: 'lazy' | 'eager';
  fetchPriority?: 'high' | 'low' | 'auto';
  style?: CSSProperties;
}

/**
 * The shared image: resolves API image paths, then shows the image with states loading (skeleton),
 * unavailable ("Image unavailable") and none ("No preview").
 */
export function AppImage({
  src,
  alt,
  width,
  height,
  className,
  imgClassName,
  loading = 'lazy',
  fetchPriority,
  style,
}: AppImageProps) {
  const { url, state, refetch } = useResolvedImageUrl(src);
  const [failed, setFailed] = useState(false);
  const [retried, setRetried] = useState(false);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    setFailed(false);
    setLoaded(false);
  }, [url]);
  useEffect(() => setRetried(false), [src]);

  const box = cn('relative overflow-hidden bg-muted', className);
  const sizeStyle: CSSProperties = { aspectRatio: width && height ? `${width} / ${height}` : undefined, ...style };

  if (state === 'loading') {
    return (
      <div className={box} style={sizeStyle} role="img" aria-label={`Loading image: ${alt}`} aria-busy="true">
        <Skeleton className="absolute inset-0 h-full w-full" />
      </div>
    );
  }
  if (state === 'none' || state === 'unavailable' || failed || !url) {
    const unavailable = state === 'unavailable' || failed;
    const Icon = unavailable ? ImageOff : ImageIcon;
    return (
      <div
        className={cn(
          box,
          'flex flex-col items-center justify-center gap-1 p-2 text-center text-xs text-muted-foreground',
        )}
        style={sizeStyle}
        role="img"
        aria-label={unavailable ? `Image unavailable: ${alt}` : `No preview: ${alt}`}
      >
        <Icon className="h-5 w-5" aria-hidden="true" />
        <span aria-hidden="true">{unavailable ? 'Image unavailable' : 'No preview'}</span>
      </div>
    );
  }
  return (
    <div className={box} style={sizeStyle}>
      {!loaded ? <Skeleton className="absolute inset-0 h-full w-full" /> : null}
      <img
        src={url}
        alt={alt}
        width={width}
        height={height}
        loading={loading}
        decoding="async"
        fetchPriority={fetchPriority}
        onLoad={() => setLoaded(true)}
        onError={() => {
          // A signed link may have expired: resolve it again once before giving up.
          if (imageSourceKind(src) === 'api' && !retried) {
            setRetried(true);
            refetch();
          } else {
            setFailed(true);
          }
        }}
        className={cn(
          'relative h-full w-full',
          OBJECT_FIT.test(imgClassName ?? '') ? null : 'object-cover',
          imgClassName,
        )}
      />
    </div>
  );
}
