import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Dialog, DialogContent } from './dialog';
import { AlertConfirmDialog } from './alert-dialog';

/** A dialog opened from code (a button's onClick sets `open`), not through a Dialog.Trigger. */
function OpenedFromCode() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Share
      </button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent title="Share this look">
          <button type="button">Copy link</button>
        </DialogContent>
      </Dialog>
    </>
  );
}

function ConfirmFromCode() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Delete
      </button>
      <AlertConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete?"
        description="It cannot be undone."
        confirmLabel="Delete it"
        onConfirm={() => setOpen(false)}
      />
    </>
  );
}

describe('dialogs return focus to what opened them (issue 39)', () => {
  it('a dialog opened from code: Escape puts focus back on the button, not <body>', async () => {
    render(<OpenedFromCode />);
    const opener = screen.getByRole('button', { name: 'Share' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Share this look' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
  });

  it('the close button too', async () => {
    render(<OpenedFromCode />);
    const opener = screen.getByRole('button', { name: 'Share' });
    opener.focus();
    fireEvent.click(opener);
    fireEvent.click(await screen.findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
  });

  it('a confirmation (alert dialog) opened from code: Cancel returns focus to its opener', async () => {
    render(<ConfirmFromCode />);
    const opener = screen.getByRole('button', { name: 'Delete' });
    opener.focus();
    fireEvent.click(opener);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
  });
});
