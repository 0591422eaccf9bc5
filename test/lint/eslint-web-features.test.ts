import { describe, it } from 'vitest';
import { expectNoLintProblems } from './eslint-shard';

describe('eslint', () => {
  it("reports no error and no warning in the web app's features", () => expectNoLintProblems('web-features'));
});
