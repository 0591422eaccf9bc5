import { describe, it } from 'vitest';
import { expectNoLintProblems } from './eslint-shard';

describe('eslint', () => {
  it('reports no error and no warning in web/ outside the features', () => expectNoLintProblems('web'));
});
