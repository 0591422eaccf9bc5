import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { SizeChart } from '@shared/domain/size-advice';
import type { PhotoProfile } from '@shared/schemas/photo-profile';
import { SizeAdvicePanel } from './size-advice-panel';

const tee: SizeChart = {
  unit: 'cm',
  fit: 'regular',
  sizes: [
    { name: 'S', chest: 96, length: 68 },
    { name: 'M', chest: 102, length: 70 },
    { name: 'L', chest: 108, length: 72 },
  ],
};

const profile = (id: string, over: Partial<PhotoProfile> = {}): PhotoProfile => ({
  id,
  name: `Profile ${id}`,
  gender: 'unisex',
  bodyDescription: 'Average build, about 175 cm tall.',
  portraitUrl: `/api/private-image/users/u/${id}.jpg`,
  fullBodyUrl: null,
  isDefault: false,
  supportsNano: true,
  supportsFashn: false,
  bodyCheck: null,
  measurements: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  ...over,
});

const show = (props: Partial<Parameters<typeof SizeAdvicePanel>[0]>) =>
  render(
    <MemoryRouter>
      <SizeAdvicePanel chart={tee} signedIn profiles={[]} {...props} />
    </MemoryRouter>,
  );

describe('SizeAdvicePanel', () => {
  it('shows nothing for a style without a chart', () => {
    const { container } = show({ chart: null });
    expect(container.textContent).toBe('');
  });

  it('names the missing measurements with a link to the profile that needs them', () => {
    show({ profiles: [profile('a', { isDefault: true })] });
    expect(screen.getByText('Add your chest and height to your photo profile to see which size fits.')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Add measurements to “Profile a”' });
    expect(link.getAttribute('href')).toBe('/profiles/a/edit#measurements'); // lands on the section (issue 39);
  });

  it('recommends from the default profile, or the one preferred, and switches with the select', () => {
    const profiles = [
      profile('a', { isDefault: true, measurements: { chest: 92, height: 175 } }),
      profile('b', { measurements: { chest: 100 } }),
    ];
    const { unmount } = show({ profiles });
    expect(screen.getByTestId('size-advice-size').textContent).toBe('Your size: M');
    const notes = within(screen.getByRole('list', { name: 'How size M fits' })).getAllByRole('listitem');
    expect(notes.map((n) => n.textContent)).toEqual(['Chest: regular fit, as intended', 'Length: to the hips']);
    fireEvent.change(screen.getByLabelText('Measurements of'), { target: { value: 'b' } });
    expect(screen.getByTestId('size-advice-size').textContent).toBe('Your size: L');
    expect(screen.getByTestId('size-advice-add-more').textContent).toBe('Add your height for a fuller answer.');
    unmount();
    // a result's page starts from the profile the look was made with
    show({ profiles, preferredProfileId: 'b' });
    expect(screen.getByTestId('size-advice-size').textContent).toBe('Your size: L');
  });

  it('asks visitors to sign in and an account without profiles to create one', () => {
    const { unmount } = show({ signedIn: false, profiles: undefined });
    expect(screen.getByText('Sign in and add your measurements to see which size fits you.')).toBeTruthy();
    unmount();
    show({ profiles: [] });
    expect(screen.getByRole('link', { name: 'Create a photo profile' }).getAttribute('href')).toBe('/profiles/new');
  });
});
