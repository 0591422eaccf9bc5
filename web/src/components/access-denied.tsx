import type { ReactNode } from 'react';
import ShieldAlert from 'lucide-react/icons/shield-alert';
import { useDocumentTitle } from '../lib/use-document-title';

export const CREATOR_ACCESS_MESSAGE = 'You need admin or influencer access to view this page.';
export const ADMIN_ACCESS_MESSAGE = 'This page is for administrators only.';

/** The page shown when the effective role may not open a screen (the server refuses the calls too). */
/** `children`: where the person can go instead (e.g. a shopper on a creator page: their favourites). */
export function AccessDenied({ message = ADMIN_ACCESS_MESSAGE, children }: { message?: string; children?: ReactNode }) {
  useDocumentTitle('Access Denied');
  return (
    <div
      className="mx-auto flex w-full max-w-xl flex-col items-center px-4 py-16 text-center"
      data-testid="access-denied"
    >
      <ShieldAlert className="h-10 w-10 text-destructive dark:text-red-400" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold tracking-tight">Access Denied</h1>
      <p className="mt-2 text-muted-foreground">{message}</p>
      {children ? <div className="mt-6 flex flex-wrap justify-center gap-2">{children}</div> : null}
    </div>
  );
}
