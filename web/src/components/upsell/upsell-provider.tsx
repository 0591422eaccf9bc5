import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { checkoutReturnPath } from '@shared/domain/return-path';
import { detectLimit, type LimitKind } from '@shared/domain/limit-errors';
import { isApiError } from '../../lib/api-error';

/**
 * The limit upsells (spec 02 sections 2, 5 and 8): one provider around the signed-in screens, one dialog at
 * a time. Screens call `handleLimitError(err)` in their error handlers; when it returns true the upsell is
 * showing and the screen should not toast the error.
 */
export interface UpsellApi {
  /** Open the upsell dialog for a limit. */
  openUpsell(kind: LimitKind): void;
  /** If `err` is a limit error (ApiError code / server message / message), open its dialog and return true. */
  handleLimitError(err: unknown): boolean;
}

export type { LimitKind };

/** The limit an unknown error stands for: ApiError code and server message first, then Error.message. */
export function limitOfError(err: unknown): LimitKind | null {
  if (isApiError(err)) {
    // A coded answer is judged by its code (and server message) only: the raw body would repeat the code.
    if (err.code) return detectLimit({ code: err.code, message: err.serverMessage });
    return detectLimit({ message: err.serverMessage }) ?? detectLimit({ message: err.message });
  }
  if (err && typeof err === 'object') {
    return detectLimit({
      code: 'code' in err && typeof err.code === 'string' ? err.code : null,
      message: 'message' in err && typeof err.message === 'string' ? err.message : null,
    });
  }
  return typeof err === 'string' ? detectLimit({ message: err }) : null;
}

/** /subscription, with the page to come back to after a purchase (none when already there). */
export function subscriptionFrom(loc: { pathname: string; search: string }): string {
  const from = checkoutReturnPath(`${loc.pathname}${loc.search}`);
  return from && !from.startsWith('/subscription')
    ? `/subscription?returnTo=${encodeURIComponent(from)}`
    : '/subscription';
}

const loadDialog = () => import('./upsell-dialog');
const UpsellDialog = lazy(loadDialog);

/** Outside the provider (a public page, an isolated unit test) nothing opens and errors are left to the caller. */
const NO_UPSELL: UpsellApi = { openUpsell: () => {}, handleLimitError: () => false };

const UpsellContext = createContext<UpsellApi>(NO_UPSELL);

export function UpsellProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [kind, setKind] = useState<LimitKind | null>(null);
  const [open, setOpen] = useState(false);

  // Signed-in screens hit limits; fetch the dialog's small chunk once the browser is idle.
  useEffect(() => {
    const id = window.setTimeout(() => void loadDialog().catch(() => {}), 2000);
    return () => window.clearTimeout(id);
  }, []);

  const openUpsell = useCallback((next: LimitKind) => {
    setKind(next);
    setOpen(true);
  }, []);

  const handleLimitError = useCallback(
    (err: unknown) => {
      const found = limitOfError(err);
      if (!found) return false;
      openUpsell(found);
      return true;
    },
    [openUpsell],
  );

  /**
   * Any close (a button, Esc, the overlay): the credits upsell always ends on /subscription (spec 02 section 5),
   * carrying the page it opened on so a checkout started there comes back to it.
   */
  const close = useCallback(
    (target?: string) => {
      setOpen(false);
      const to = kind === 'credits' ? subscriptionFrom(location) : target;
      if (to) void navigate(to);
    },
    [kind, navigate, location],
  );

  const api = useMemo<UpsellApi>(() => ({ openUpsell, handleLimitError }), [openUpsell, handleLimitError]);

  return (
    <UpsellContext.Provider value={api}>
      {children}
      {kind ? (
        <Suspense fallback={null}>
          <UpsellDialog kind={kind} open={open} onClose={close} />
        </Suspense>
      ) : null}
    </UpsellContext.Provider>
  );
}

export function useUpsell(): UpsellApi {
  return useContext(UpsellContext);
}
