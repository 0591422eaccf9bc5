import { describe, expect, it } from 'vitest';
import { ApiError, asSentence, errorSentence } from './api-error';

describe('messages followed by more text (issue 39)', () => {
  it('ends a message with a full stop unless it already ends a sentence', () => {
    expect(asSentence('This address is not allowed')).toBe('This address is not allowed.');
    expect(asSentence('Done.')).toBe('Done.');
    expect(asSentence('Really?')).toBe('Really?');
    expect(asSentence('  spaced  ')).toBe('spaced.');
    expect(asSentence('')).toBe('');
  });

  it("the server's message as a sentence, so 'You can upload…' starts a new one", () => {
    const err = new ApiError(400, 'Bad Request', JSON.stringify({ message: 'This address is not allowed', code: 'x' }));
    expect(`${errorSentence(err, 'fallback')} You can upload`).toBe('This address is not allowed. You can upload');
    expect(errorSentence(new Error('x'), 'The address did not give us an image.')).toBe(
      'The address did not give us an image.',
    );
  });
});
