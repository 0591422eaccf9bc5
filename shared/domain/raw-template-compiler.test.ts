import { describe, expect, it } from 'vitest';
import { checkRawTemplateJson, compileRawTemplate, unknownTokens } from './raw-template-compiler';

const urls = {
  style: 'https://x.test/s.png',
  portrait: 'https://x.test/p.png',
  fullBody: 'https://x.test/f.png',
  background: 'https://x.test/b.png',
};

describe('raw template compiler', () => {
  it('replaces the four tokens inside strings', () => {
    const text = JSON.stringify({
      prompt: 'wear it',
      images: ['{{STYLE_REF_URL}}', '{{PORTRAIT_URL}}'],
      body: '{{FULL_BODY_URL}}',
      bg: '{{BACKGROUND_URL}}',
    });
    const r = compileRawTemplate(text, urls);
    expect(r).toEqual({
      ok: true,
      input: { prompt: 'wear it', images: [urls.style, urls.portrait], body: urls.fullBody, bg: urls.background },
    });
  });

  it('escapes URLs as JSON string content', () => {
    const r = compileRawTemplate('{"a":"{{PORTRAIT_URL}}"}', { portrait: 'https://x.test/a"b\\c' });
    expect(r).toEqual({ ok: true, input: { a: 'https://x.test/a"b\\c' } });
  });

  it('names an unknown token', () => {
    const r = compileRawTemplate('{"a":"{{BODY_DESCRIPTION}}","b":"{{PORTRAIT_URL}}"}', urls);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.message).toMatch(/^Compile failed: /);
      expect(r.message).toContain('{{BODY_DESCRIPTION}}');
    }
    expect(unknownTokens('{{ X }} {{PORTRAIT_URL}} {{ X }}')).toEqual(['{{ X }}']);
  });

  it('reports the JSON error', () => {
    const r = compileRawTemplate('{"a": ', urls);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(/^Compile failed: Invalid JSON: /);
    expect(checkRawTemplateJson('[1,2]')).toEqual({ ok: false, message: 'Template JSON must be an object' });
    expect(checkRawTemplateJson('')).toMatchObject({ ok: false });
  });

  it('fails when a used token has no sample URL', () => {
    const r = compileRawTemplate('{"a":"{{BACKGROUND_URL}}"}', { style: 'https://x.test/s' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toContain('{{BACKGROUND_URL}}');
  });

  it('accepts a template without tokens', () => {
    expect(compileRawTemplate('{"prompt":"hi"}', {})).toEqual({ ok: true, input: { prompt: 'hi' } });
  });
});
