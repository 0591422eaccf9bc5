import { describe, expect, it } from 'vitest';
import { GENERATION_MESSAGES as M } from '@shared/domain/generation';
import {
  profileSetupProblem,
  validateCustomLook,
  validateQuickTry,
  validateRawTemplateGenerate,
  validateStyleGenerate,
} from './generate-validation';

const user = { credits: 5, hasUnlimitedCredits: false };
const broke = { credits: 0, hasUnlimitedCredits: false };
const full = {
  id: 'p1',
  portraitUrl: '/api/private-image/p.jpg',
  fullBodyUrl: '/api/private-image/f.jpg',
  bodyDescription: 'Athletic build, tall, broad shoulders',
};
const portraitOnly = { ...full, id: 'p2', fullBodyUrl: null };

describe('validateRawTemplateGenerate (spec order)', () => {
  it('checks login, credits, profile, portrait, description in that order', () => {
    expect(validateRawTemplateGenerate({ user: null, profile: null })).toMatchObject({
      title: 'Login required',
      description: M.loginRequired,
      redirect: '/auth/login',
    });
    expect(validateRawTemplateGenerate({ user: broke, profile: null })).toMatchObject({
      title: 'Insufficient credits',
      description: M.insufficientCredits,
      redirect: '/subscription',
    });
    expect(validateRawTemplateGenerate({ user, profile: null })).toMatchObject({
      title: 'Profile required',
      description: M.profileRequired,
      redirect: '/profiles/new',
    });
    expect(
      validateRawTemplateGenerate({ user, profile: { ...full, portraitUrl: '', bodyDescription: '' } }),
    ).toMatchObject({ title: 'Portrait required', description: M.portraitRequired });
    expect(
      validateRawTemplateGenerate({ user, profile: { ...full, bodyDescription: '   short description   ' } }),
    ).toMatchObject({ title: 'Body description required', description: M.bodyDescriptionRequired });
    expect(validateRawTemplateGenerate({ user, profile: full })).toBeNull();
  });
  it('lets unlimited accounts through without credits', () => {
    expect(validateRawTemplateGenerate({ user: { credits: 0, hasUnlimitedCredits: true }, profile: full })).toBeNull();
  });
  it('reports the setup problem that disables the button', () => {
    expect(profileSetupProblem(null)).toBe('no-profile');
    expect(profileSetupProblem({ ...full, portraitUrl: null })).toBe('no-portrait');
    expect(profileSetupProblem({ ...full, bodyDescription: 'x'.repeat(19) })).toBe('no-description');
    expect(profileSetupProblem(full)).toBeNull();
  });
});

describe('validateStyleGenerate (spec order)', () => {
  const base = {
    styleId: 's1',
    user,
    profiles: [full, portraitOnly],
    selectedProfileId: 'p1',
    imageType: 'model_wearer' as const,
    mode: 'exact' as const,
    promptTemplateId: null,
  };
  it('needs a style, then a chosen and existing profile', () => {
    expect(validateStyleGenerate({ ...base, styleId: '', user: null })).toMatchObject({ title: M.styleRequired });
    expect(validateStyleGenerate({ ...base, selectedProfileId: null, user: null })).toMatchObject({
      title: 'Please select a profile image',
    });
    expect(validateStyleGenerate({ ...base, selectedProfileId: 'gone', user: null })).toMatchObject({
      title: M.profileNotFound,
    });
  });
  it('then login, then credits (the upsell), then the creative prompt', () => {
    expect(validateStyleGenerate({ ...base, user: null })).toMatchObject({ title: 'Login required' });
    expect(validateStyleGenerate({ ...base, user: broke, mode: 'creative', imageType: 'product_only' })).toMatchObject({
      upsell: 'credits',
    });
    expect(
      validateStyleGenerate({
        ...base,
        mode: 'creative',
        imageType: 'product_only',
        profiles: [],
        selectedProfileId: null,
      }),
    ).toMatchObject({ title: M.generationStyleRequired });
  });
  it('then a profile, then the photo the mode needs', () => {
    expect(validateStyleGenerate({ ...base, profiles: [], selectedProfileId: null })).toMatchObject({
      title: 'Profile required',
      redirect: '/profiles',
    });
    expect(validateStyleGenerate({ ...base, selectedProfileId: 'p2' })).toMatchObject({ title: M.fullBodyRequired });
    expect(
      validateStyleGenerate({ ...base, imageType: 'product_laydown', mode: 'exact', selectedProfileId: 'p2' }),
    ).toMatchObject({ title: M.fullBodyRequired });
    expect(
      validateStyleGenerate({
        ...base,
        imageType: 'product_laydown',
        mode: 'creative',
        promptTemplateId: 'pt',
        selectedProfileId: 'p2',
      }),
    ).toBeNull();
    expect(
      validateStyleGenerate({
        ...base,
        imageType: 'product_only',
        mode: 'creative',
        promptTemplateId: 'pt',
        profiles: [{ ...portraitOnly, portraitUrl: null }],
        selectedProfileId: 'p2',
      }),
    ).toMatchObject({ title: 'Portrait required' });
    expect(validateStyleGenerate(base)).toBeNull();
  });
});

describe('validateCustomLook (spec order)', () => {
  const base = {
    user,
    imageUrl: '/api/private-image/users/u/outfits/a.jpg',
    profileCount: 1,
    imageType: 'product_only' as const,
    promptTemplateId: 'pt',
  };
  it('checks login, image, profile; a creative look is optional (issue 39: none renders the try-on)', () => {
    expect(validateCustomLook({ ...base, user: null, imageUrl: null })).toMatchObject({
      title: 'Login required',
      redirect: '/',
    });
    expect(validateCustomLook({ ...base, imageUrl: null, profileCount: 0 })).toMatchObject({
      title: 'No image uploaded',
    });
    expect(validateCustomLook({ ...base, profileCount: 0, promptTemplateId: null })).toMatchObject({
      title: 'No photo profile',
      redirect: '/profiles',
    });
    expect(validateCustomLook({ ...base, promptTemplateId: null })).toBeNull();
    expect(validateCustomLook({ ...base, imageType: 'product_laydown', promptTemplateId: null })).toBeNull();
    expect(validateCustomLook(base)).toBeNull();
  });
});

describe('validateQuickTry (spec order)', () => {
  const base = {
    imageUrl: 'https://x.test/a.jpg',
    user,
    imageType: 'product_laydown' as const,
    mode: 'exact' as const,
    promptTemplateId: null,
    profile: full,
  };
  it('checks image, login, credits, creative style, profile, photos', () => {
    expect(validateQuickTry({ ...base, imageUrl: null, user: null })).toMatchObject({ title: 'No image URL provided' });
    expect(validateQuickTry({ ...base, user: null })).toMatchObject({ title: 'Login required', redirect: '/' });
    expect(validateQuickTry({ ...base, user: broke })).toMatchObject({ redirect: '/subscription' });
    expect(validateQuickTry({ ...base, mode: 'creative', profile: null })).toMatchObject({
      title: M.generationStyleRequired,
    });
    expect(validateQuickTry({ ...base, profile: null })).toMatchObject({
      title: 'Profile required',
      redirect: '/profiles',
    });
    expect(validateQuickTry({ ...base, profile: portraitOnly })).toMatchObject({
      title: M.fullBodyRequired,
      redirect: '/profiles',
    });
    expect(validateQuickTry({ ...base, mode: 'creative', promptTemplateId: 'pt', profile: portraitOnly })).toBeNull();
    expect(validateQuickTry(base)).toBeNull();
  });
});

describe('raw template needing a full-body photo', () => {
  const portraitOnly = {
    id: 'p',
    portraitUrl: '/p',
    fullBodyUrl: null,
    bodyDescription: 'Tall, slim build, long legs and narrow shoulders.',
  };
  it('a portrait-only profile cannot generate from a full-body template, and says why', async () => {
    const { profileSetupProblem, validateRawTemplateGenerate, SETUP_REASON } = await import('./generate-validation');
    expect(profileSetupProblem(portraitOnly, { requiresFullBody: true })).toBe('no-full-body');
    expect(profileSetupProblem(portraitOnly, { requiresFullBody: false })).toBeNull();
    expect(
      validateRawTemplateGenerate({ user: { credits: 5 }, profile: portraitOnly, requiresFullBody: true }),
    ).toMatchObject({ title: 'Full body photo required', description: SETUP_REASON['no-full-body'] });
  });
});
