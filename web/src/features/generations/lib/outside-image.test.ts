import { describe, expect, it } from 'vitest';
import { isOutsideImageUrl } from './outside-image';

describe('isOutsideImageUrl', () => {
  const origin = 'http://localhost:3000';
  it('images of other sites are fetched through the server first', () => {
    expect(isOutsideImageUrl('https://shop.example/look.jpg', origin)).toBe(true);
    expect(isOutsideImageUrl('http://127.0.0.1:3000/x.jpg', origin)).toBe(true);
  });
  it('our own paths and same-origin URLs are used as they are', () => {
    expect(isOutsideImageUrl('/api/public-image/uploads/u1/a.jpg', origin)).toBe(false);
    expect(isOutsideImageUrl('http://localhost:3000/api/public-image/a.jpg', origin)).toBe(false);
    expect(isOutsideImageUrl(null, origin)).toBe(false);
    expect(isOutsideImageUrl('javascript:alert(1)', origin)).toBe(false);
  });
});
