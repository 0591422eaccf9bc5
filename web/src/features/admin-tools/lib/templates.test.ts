import { describe, expect, it } from 'vitest';
import { unknownTokens } from '@shared/domain/raw-template-compiler';
import {
  EMPTY_PROMPT_DRAFT,
  newRawDraft,
  promptDraftFrom,
  promptDraftSchema,
  rawDraftFrom,
  rawDraftSchema,
  STARTER_JSON,
  toPromptBody,
  toRawBody,
  toSampleUrls,
  type PromptDraft,
  type RawDraft,
} from './templates';
import { fieldErrors } from '../../../test/form-errors';
import { MISSING_SELECTION, promptTestSchema } from '@shared/schemas/admin';

const promptDraftProblems = (d: PromptDraft) => fieldErrors(promptDraftSchema, d);
const rawDraftProblems = (d: RawDraft) => fieldErrors(rawDraftSchema, d);

describe('prompt template editor', () => {
  it('requires name and template text', () => {
    expect(promptDraftProblems(EMPTY_PROMPT_DRAFT)).toEqual({
      name: 'Name is required',
      template: 'Template text is required',
    });
    expect(promptDraftProblems({ ...EMPTY_PROMPT_DRAFT, name: ' A ', template: 'x {{BODY_DESCRIPTION}}' })).toEqual({});
  });

  it('sends empty optional fields as null', () => {
    expect(toPromptBody({ ...EMPTY_PROMPT_DRAFT, name: ' Studio ', template: ' t ', description: ' d ' })).toEqual({
      name: 'Studio',
      description: 'd',
      task: 'OUTFIT_TRYON',
      styleCategory: null,
      previewImageUrl: null,
      template: 't',
      creativeBackground: 'original',
      colorGrade: 'none',
    });
  });

  it('loads a template into a draft', () => {
    const d = promptDraftFrom({
      name: 'N',
      description: null,
      task: 'FACE_HAIRCUT',
      styleCategory: 'cat-street',
      previewImageUrl: null,
      template: 'T',
      creativeBackground: 'sunset',
      colorGrade: 'bogus',
    });
    expect(d).toEqual({
      name: 'N',
      description: '',
      task: 'FACE_HAIRCUT',
      styleCategory: 'cat-street',
      previewImageUrl: '',
      template: 'T',
      creativeBackground: 'sunset',
      colorGrade: 'none', // an unknown grade falls back to none
    });
    expect(promptDraftFrom(null)).toEqual(EMPTY_PROMPT_DRAFT);
  });

  it('needs a style and a profile to test (the route schema the tester form uses)', () => {
    const problems = (styleId: string, photoProfileId: string) =>
      promptTestSchema.safeParse({ styleId, photoProfileId }).error?.issues.map((i) => i.message);
    expect(problems('', 'p')).toEqual([MISSING_SELECTION]);
    expect(problems('s', ' ')).toEqual(['Missing selection']);
    expect(problems('s', 'p')).toBeUndefined();
  });
});

describe('raw template editor', () => {
  it('starts a new template with priority 10, enabled, and the 4:5 / jpeg / 1 image starter JSON', () => {
    const d = newRawDraft();
    expect(d).toMatchObject({ priority: '10', enabled: true, requiresFullBody: false, taskType: 'OUTFIT_TRYON' });
    expect(JSON.parse(d.jsonText).output).toEqual({ aspect_ratio: '4:5', format: 'jpeg', num_images: 1 });
    expect(unknownTokens(STARTER_JSON)).toEqual([]);
  });

  it('validates name, priority and JSON presence', () => {
    expect(rawDraftProblems({ ...newRawDraft(), name: '', priority: 'x', jsonText: ' ' })).toEqual({
      name: 'Name is required',
      priority: 'Priority must be a whole number between 0 and 99999',
      jsonText: 'Template JSON is required',
    });
    expect(rawDraftProblems({ ...newRawDraft(), name: 'A', priority: '100000' })).toHaveProperty('priority');
    expect(rawDraftProblems({ ...newRawDraft(), name: 'A' })).toEqual({});
  });

  it('round-trips a template and sends priority as a number', () => {
    const t = {
      name: 'Beach',
      taskType: 'BACKGROUND_SCENE',
      vibeCategory: 'CASUAL',
      settingCategory: 'BEACH',
      requiresFullBody: true,
      priority: 20,
      enabled: false,
      jsonText: '{}',
    };
    expect(toRawBody(rawDraftFrom(t))).toEqual(t);
  });

  it('leaves empty sample URLs out of the compile call', () => {
    expect(
      toSampleUrls({ style: ' https://a/s.jpg ', portrait: '', fullBody: 'https://a/f.jpg', background: '  ' }),
    ).toEqual({ style: 'https://a/s.jpg', fullBody: 'https://a/f.jpg' });
  });
});
