import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { GarmentSlot } from '@shared/domain/outfit';
import { renderPage } from '../test/page-harness';
import { GarmentSlotField, slotToUse, useGarmentGuess } from './garment-slot-field';

const guessMock = vi.hoisted(() => vi.fn<(url: string) => Promise<GarmentSlot | null>>());
vi.mock('../lib/engine/garment-guess', () => ({ guessGarmentSlot: (url: string) => guessMock(url) }));

const SRC = 'blob:http://localhost/hoodie';

/** A page's use of the field: the guess, the person's choice, and the slot it would send. */
function Harness() {
  const guess = useGarmentGuess(SRC);
  const [slot, setSlot] = useState<GarmentSlot | null>(null);
  return (
    <>
      <GarmentSlotField name="slot" value={slot} guess={guess} onChange={setSlot} />
      <output data-testid="sent">{slotToUse(slot, guess) ?? 'none'}</output>
    </>
  );
}

const radio = (label: RegExp) => screen.getByRole('radio', { name: label }) as HTMLInputElement;

beforeEach(() => guessMock.mockReset());

describe('GarmentSlotField: what is this garment?', () => {
  it('is prefilled from the engine’s guess and says it is a guess', async () => {
    guessMock.mockResolvedValue('bottom');
    renderPage(<Harness />);
    expect(screen.getByTestId('garment-slot-hint').textContent).toBe('Looking at your garment…');
    await waitFor(() => expect(radio(/^Bottom/).checked).toBe(true));
    expect(guessMock).toHaveBeenCalledWith(SRC);
    expect(screen.getByTestId('garment-slot-hint').textContent).toBe(
      'We think this is a bottom (trousers, a skirt) — change it if not.',
    );
    expect(radio(/^Bottom/).parentElement?.textContent).toContain('(our guess)');
    expect(screen.getByTestId('sent').textContent).toBe('bottom');
    expect(screen.getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual([
      'top',
      'bottom',
      'one-piece',
      'outerwear',
      'shoes',
    ]);
  });

  it('a changed slot is the one sent, and the guess is still named', async () => {
    guessMock.mockResolvedValue('bottom');
    renderPage(<Harness />);
    await waitFor(() => expect(radio(/^Bottom/).checked).toBe(true));
    fireEvent.click(radio(/^Top/));
    expect(radio(/^Top/).checked).toBe(true);
    expect(radio(/^Bottom/).checked).toBe(false);
    expect(screen.getByTestId('sent').textContent).toBe('top');
    expect(screen.getByTestId('garment-slot-hint').textContent).toBe(
      'You chose a top (we thought a bottom (trousers, a skirt)).',
    );
  });

  it('without a guess nothing is checked and the person is asked', async () => {
    guessMock.mockResolvedValue(null);
    renderPage(<Harness />);
    await screen.findByText('We could not tell what this is: choose where it is worn.');
    expect(screen.getAllByRole('radio').some((r) => (r as HTMLInputElement).checked)).toBe(false);
    expect(screen.getByTestId('sent').textContent).toBe('none');
    fireEvent.click(radio(/^Shoes/));
    expect(screen.getByTestId('sent').textContent).toBe('shoes');
  });
});
