import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';

import {
  expectDeniedToShopper,
  json,
  renderPage,
  routeFetch,
  stubFetch,
  userWithRole,
} from '../../../test/page-harness';
import StyleEditorPage from './style-editor-page';

const fetchMock = stubFetch();

const categories = [
  { id: 'c1', name: 'Casual' },
  { id: 'c2', name: 'Chic' },
  { id: 'c3', name: 'Glam' },
  { id: 'c4', name: 'Sporty' },
];

describe('creator screens: access', () => {
  it('denies shoppers the style editor', async () => {
    await expectDeniedToShopper(fetchMock, <StyleEditorPage />, '/api/admin/');
    expect(screen.getByText('You need admin or influencer access to view this page.')).toBeTruthy();
  });
});

describe('style editor form', () => {
  it('keeps save disabled without a prompt image and applies the category rules', async () => {
    routeFetch(fetchMock, {
      '/api/auth/user': () => json(userWithRole('influencer')),
      '/api/admin/styles': () => json([]),
      '/api/admin/categories': () => json(categories),
      '/api/prompts': () => json([]),
    });
    renderPage(<StyleEditorPage />);
    const save = (await screen.findByRole('button', { name: 'Create Style' })) as HTMLButtonElement;
    await screen.findByText('No styles yet. Fill in the form to create your first one.');
    expect(save.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Style name'), { target: { value: 'Linen' } });
    expect(save.disabled).toBe(true);
    expect(screen.getByText('Prompt image is required')).toBeTruthy();

    const picker = screen.getByTestId('category-picker');
    await waitFor(() => expect((picker as HTMLSelectElement).disabled).toBe(false));
    fireEvent.change(picker, { target: { value: 'c1' } });
    fireEvent.change(picker, { target: { value: 'c1' } });
    expect(screen.getByText('Category already selected')).toBeTruthy();
    fireEvent.change(picker, { target: { value: 'c2' } });
    fireEvent.change(picker, { target: { value: 'c3' } });
    fireEvent.change(picker, { target: { value: 'c4' } });
    expect(screen.getByText('Maximum 3 categories allowed')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Remove (Casual|Chic|Glam)$/ })).toHaveLength(3);

    const tags = screen.getByLabelText('Tags');
    fireEvent.change(tags, { target: { value: 'linen, summer' } });
    fireEvent.keyDown(tags, { key: 'Enter' });
    expect(screen.getByRole('button', { name: 'Remove linen' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove summer' })).toBeTruthy();
  });
});
