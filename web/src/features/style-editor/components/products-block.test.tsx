import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';

import { json, renderPage, stubFetch, toastMock } from '../../../test/page-harness';
import { ProductsBlock } from './products-block';

const fetchMock = stubFetch();
const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

describe('ProductsBlock: Add a product', () => {
  it('shows the field errors after submit, clears a field error as it is typed in, then posts the product', async () => {
    fetchMock.mockImplementation(async (_input, init) =>
      init?.method === 'POST' ? json({ id: 'pr1', name: 'Shirt', links: [] }, 201) : json([]),
    );
    renderPage(<ProductsBlock styleId="s1" />);
    const form = within(screen.getByRole('form', { name: 'Add product' }));
    fireEvent.click(form.getByRole('button', { name: 'Add product' }));
    expect(await form.findByText('Product name is required')).toBeTruthy();
    const url = form.getByLabelText('Product URL');
    expect(url.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(url.getAttribute('aria-describedby')!)?.textContent).toBe('Product URL is required');

    fireEvent.change(form.getByLabelText('Product name'), { target: { value: ' Shirt ' } });
    expect(form.queryByText('Product name is required')).toBeNull();
    expect(form.getByText('Product URL is required')).toBeTruthy();
    fireEvent.change(url, { target: { value: 'javascript:alert(1)' } });
    fireEvent.change(form.getByLabelText('Price'), { target: { value: '-2' } });
    fireEvent.click(form.getByRole('button', { name: 'Add product' }));
    expect(await form.findByText('Product URL must be an http(s) address')).toBeTruthy();
    expect(form.getByText('Price must be a positive number')).toBeTruthy();
    expect(posts()).toHaveLength(0);

    fireEvent.change(url, { target: { value: 'https://shop.example/shirt' } });
    fireEvent.change(form.getByLabelText('Price'), { target: { value: '49.9' } });
    fireEvent.change(form.getByLabelText('Currency'), { target: { value: 'eur' } });
    fireEvent.click(form.getByRole('button', { name: 'Add product' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(JSON.parse(String(posts()[0]![1]!.body))).toEqual({
      styleId: 's1',
      name: 'Shirt',
      links: [{ url: 'https://shop.example/shirt', price: 49.9, currency: 'EUR' }],
    });
    await waitFor(() => expect(toastMock).toHaveBeenCalledWith({ title: 'Product added' }));
    await waitFor(() => expect((form.getByLabelText('Product name') as HTMLInputElement).value).toBe(''));
  });
});
