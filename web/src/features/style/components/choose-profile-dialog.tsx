import { useState } from 'react';
import { Button } from '../../../components/button';
import { Dialog, DialogContent } from '../../../components/dialog';
import { cn } from '../../../lib/cn';

/** Quick Try on a style when several photo profiles could be used and the default cannot: which one? */
export function ChooseProfileDialog({
  profiles,
  open,
  onOpenChange,
  onChoose,
}: {
  profiles: { id: string; name: string }[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onChoose: (id: string) => void;
}) {
  const [selected, setSelected] = useState<string | null>(null);
  const chosen = selected ?? profiles[0]?.id ?? null;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Choose a photo profile"
        description="Your default profile lacks the photo this style needs. Which profile should Quick Try use?"
      >
        <div role="radiogroup" aria-label="Photo profiles" className="flex flex-col gap-2" data-testid="choose-profile">
          {profiles.map((p) => (
            <button
              key={p.id}
              type="button"
              role="radio"
              aria-checked={chosen === p.id}
              onClick={() => setSelected(p.id)}
              className={cn(
                'rounded-lg border px-3 py-2 text-left text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                chosen === p.id ? 'border-primary bg-accent' : 'border-border hover:bg-muted',
              )}
            >
              {p.name}
            </button>
          ))}
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button disabled={!chosen} onClick={() => chosen && onChoose(chosen)} data-testid="choose-profile-confirm">
            Quick Try with this profile
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
