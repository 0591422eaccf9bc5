import { describe, expect, it } from 'vitest';
import {
  APPLICATION_MESSAGES,
  applicantName,
  applicationFormSchema,
  canApply,
  canSubmitApplication,
  EMPTY_APPLICATION_FORM,
  reviewDecisionsFor,
  socialsOf,
  toApplyBody,
  useCaseCount,
} from './application';

const longText = 'I run a fashion account and would publish weekly capsule wardrobes for my followers.';

describe('application form validation', () => {
  const issues = (useCase: string) => {
    const r = applicationFormSchema.safeParse({ ...EMPTY_APPLICATION_FORM, useCase });
    return r.success ? [] : r.error.issues.map((i) => i.message);
  };

  it('requires a use case', () => {
    expect(issues('')).toEqual([APPLICATION_MESSAGES.required]);
    expect(issues('   ')).toEqual([APPLICATION_MESSAGES.required]);
    expect(APPLICATION_MESSAGES.required).toBe('Required field');
  });

  it('needs at least 50 characters after trimming', () => {
    expect(issues('x'.repeat(49))).toEqual([
      'Too short: Please provide at least 50 characters explaining your use case',
    ]);
    expect(issues(`  ${'x'.repeat(49)}   `)).toHaveLength(1);
    expect(issues('x'.repeat(50))).toEqual([]);
    expect(issues(longText)).toEqual([]);
  });

  it('disables submit under 50 characters and while sending', () => {
    expect(canSubmitApplication('x'.repeat(49))).toBe(false);
    expect(canSubmitApplication(` ${'x'.repeat(49)} `)).toBe(false);
    expect(canSubmitApplication('x'.repeat(50))).toBe(true);
    expect(canSubmitApplication('x'.repeat(50), true)).toBe(false);
  });

  it('counts trimmed characters live', () => {
    expect(useCaseCount('  abc  ')).toMatchObject({ count: 3, enough: false, min: 50 });
    expect(useCaseCount('y'.repeat(60))).toMatchObject({ count: 60, enough: true });
  });

  it('omits empty social fields from the request and trims the rest', () => {
    expect(
      toApplyBody({
        useCase: ` ${longText} `,
        instagramHandle: ' @me ',
        tiktokHandle: '',
        youtubeChannel: '   ',
        otherSocial: 'blog.example',
      }),
    ).toEqual({
      useCase: longText,
      instagramHandle: '@me',
      otherSocial: 'blog.example',
    });
    expect(Object.keys(toApplyBody({ ...EMPTY_APPLICATION_FORM, useCase: longText }))).toEqual(['useCase']);
  });
});

describe('who may apply and which review buttons show', () => {
  it('lets users without an application or with a rejected one apply', () => {
    expect(canApply(null)).toBe(true);
    expect(canApply({ status: 'rejected' })).toBe(true);
    expect(canApply({ status: 'pending' })).toBe(false);
    expect(canApply({ status: 'approved' })).toBe(false);
  });

  it('offers approve and reject only for pending applications', () => {
    expect(reviewDecisionsFor({ status: 'pending' })).toEqual(['approved', 'rejected']);
    expect(reviewDecisionsFor({ status: 'approved' })).toEqual([]);
    expect(reviewDecisionsFor({ status: 'rejected' })).toEqual([]);
    expect(reviewDecisionsFor(null)).toEqual([]);
  });
});

describe('display helpers', () => {
  it('lists the given socials in order', () => {
    expect(
      socialsOf({ otherSocial: 'x.com/me', instagramHandle: '@ig', tiktokHandle: null, youtubeChannel: ' ' }),
    ).toEqual([
      { field: 'instagramHandle', label: 'Instagram', value: '@ig' },
      { field: 'otherSocial', label: 'Other', value: 'x.com/me' },
    ]);
  });

  it('names the applicant by full name, username or e-mail', () => {
    expect(applicantName({ firstName: 'Ada', lastName: 'Lovelace', username: 'ada' })).toBe('Ada Lovelace');
    expect(applicantName({ firstName: null, lastName: null, username: 'ada', email: 'a@x.test' })).toBe('ada');
    expect(applicantName({ email: 'a@x.test' })).toBe('a@x.test');
    expect(applicantName(null)).toBe('Unknown user');
  });
});
