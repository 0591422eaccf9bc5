import { describe, expect, it } from 'vitest';
import { HANDLE_RULE } from '@shared/domain/profile-rules';
import {
  FILE_TOO_LARGE,
  INVALID_FILE_TYPE,
  MAX_AVATAR_BYTES,
  avatarFileProblem,
  handleProblem,
  influencerEmailTemplate,
} from './settings-rules';

describe('settings rules', () => {
  it('accepts images under 5 MB only', () => {
    expect(avatarFileProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(avatarFileProblem({ type: 'application/pdf', size: 1000 })).toBe(INVALID_FILE_TYPE);
    expect(avatarFileProblem({ type: '', size: 10 })).toBe(INVALID_FILE_TYPE);
    expect(avatarFileProblem({ type: 'image/jpeg', size: MAX_AVATAR_BYTES })).toBe(FILE_TOO_LARGE);
    expect(avatarFileProblem({ type: 'image/jpeg', size: MAX_AVATAR_BYTES - 1 })).toBeNull();
  });

  it('explains invalid handles, normalizing @ and capitals first', () => {
    expect(handleProblem('iris_vale')).toBeNull();
    expect(handleProblem('@Iris')).toBeNull();
    expect(handleProblem('ab')).toBe(HANDLE_RULE);
    expect(handleProblem('has space')).toBe(HANDLE_RULE);
    expect(handleProblem('')).toBe('Choose a handle');
  });

  it('fills the e-mail template with what is known', () => {
    const t = influencerEmailTemplate({
      firstName: 'Sam',
      lastName: 'Shopper',
      handle: 'sam',
      email: 'sam@example.com',
    });
    expect(t).toContain('Name: Sam Shopper');
    expect(t).toContain('@sam');
    expect(t).toContain('sam@example.com');
    expect(influencerEmailTemplate({})).toContain('[Your name]');
  });
});
