import { describe, expect, it } from 'vitest';
import { isMissingObject } from './s3';
import { S3_ERROR_SHAPES, s3Error } from '../../test/support/s3-error-shapes';

describe('isMissingObject: the one storage error mapping (issue 24)', () => {
  it.each(['getMissingWithoutList', 'getMissingWithList', 'headMissingWithoutList', 'headMissingWithList'] as const)(
    'a read of a key we own that S3 answers %s is a missing object',
    (shape) => {
      expect(isMissingObject(s3Error(S3_ERROR_SHAPES[shape]))).toBe(true);
    },
  );
  it.each(['noSuchBucket', 'slowDown', 'internal'] as const)('%s is not (it must surface as an error)', (shape) => {
    expect(isMissingObject(s3Error(S3_ERROR_SHAPES[shape]))).toBe(false);
  });
  it('nor is anything that is not an S3 answer', () => {
    expect(isMissingObject(new Error('socket hang up'))).toBe(false);
    expect(isMissingObject(null)).toBe(false);
  });
});
