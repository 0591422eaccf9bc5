import { describe, expect, it } from 'vitest';
import { render, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { useEffect, useState } from 'react';
import { ScrollManager } from './scroll-manager';

/** A page whose section appears once its data is there (as the profile edit page's does). */
function LatePage() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const t = window.setTimeout(() => setReady(true), 120);
    return () => window.clearTimeout(t);
  }, []);
  return ready ? (
    <>
      <h1>Edit Photo Profile</h1>
      <h2 id="measurements" tabIndex={-1}>
        Measurements (optional)
      </h2>
    </>
  ) : (
    <p>Loading</p>
  );
}

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <ScrollManager />
      <LatePage />
    </MemoryRouter>,
  );

describe('ScrollManager', () => {
  it('a deep link lands on its section once it is there and focuses it (tabIndex -1)', async () => {
    renderAt('/profiles/p1/edit#measurements');
    await waitFor(() => expect(document.activeElement?.id).toBe('measurements'));
  });
});
