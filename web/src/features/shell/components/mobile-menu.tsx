import { lazy, Suspense, useRef, useState } from 'react';
import Menu from 'lucide-react/icons/menu';
import type { CurrentUser } from '@shared/schemas/user';
import { Button } from '../../../components/button';
import { Hint } from '../../../components/hint';

const loadSheet = () => import('./mobile-menu-sheet');
const MobileMenuSheet = lazy(loadSheet);

/** The hamburger (below md) opening the side menu; the sheet's code loads on first intent. */
export function MobileMenu({ user, isHome }: { user: CurrentUser | null; isHome: boolean }) {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Hint content="Menu">
        <Button
          ref={triggerRef}
          variant="ghost"
          size="icon"
          display="inline-flex md:hidden"
          aria-label="Open menu"
          aria-haspopup="dialog"
          aria-expanded={open}
          data-testid="mobile-menu-trigger"
          onPointerEnter={() => void loadSheet()}
          onFocus={() => void loadSheet()}
          onClick={() => {
            setMounted(true);
            setOpen(true);
          }}
        >
          <Menu className="h-5 w-5" aria-hidden="true" />
        </Button>
      </Hint>
      {mounted ? (
        <Suspense fallback={null}>
          <MobileMenuSheet
            open={open}
            onOpenChange={setOpen}
            user={user}
            isHome={isHome}
            onCloseAutoFocus={(e) => {
              e.preventDefault();
              triggerRef.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
