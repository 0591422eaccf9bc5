import { lazy, Suspense } from 'react';
import type { MarkdownProps } from './markdown';
import { Skeleton } from './skeleton';

const MarkdownImpl = lazy(() => import('./markdown'));

/** Markdown loaded on first use (react-markdown and the rehype plugins stay out of the page chunks). */
export function LazyMarkdown(props: MarkdownProps) {
  return (
    <Suspense fallback={<Skeleton className="h-24 w-full rounded-md" />}>
      <MarkdownImpl {...props} />
    </Suspense>
  );
}
