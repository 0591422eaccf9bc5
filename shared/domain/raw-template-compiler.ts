/**
 * Raw templates: validation of their jsonText and compilation (token substitution) for the admin test panel
 * and the generation workflow. The only tokens a template may contain are RAW_TEMPLATE_TOKENS.
 */
import { thrownInfo } from '../errors';
import { RAW_TEMPLATE_TOKENS } from './catalog';
import { isOneOf } from './one-of';

export type RawTemplateToken = (typeof RAW_TEMPLATE_TOKENS)[number];
const isToken = (t: string): t is RawTemplateToken => isOneOf(RAW_TEMPLATE_TOKENS, t);

/** The sample (or real) image URLs the four tokens stand for. */
export interface RawTemplateUrls {
  style?: string | null;
  portrait?: string | null;
  fullBody?: string | null;
  background?: string | null;
}

const TOKEN_URL: Record<RawTemplateToken, keyof RawTemplateUrls> = {
  '{{STYLE_REF_URL}}': 'style',
  '{{PORTRAIT_URL}}': 'portrait',
  '{{FULL_BODY_URL}}': 'fullBody',
  '{{BACKGROUND_URL}}': 'background',
};

const TOKEN_RE = /\{\{\s*[^{}]*?\s*\}\}/g;

/** Every {{...}} occurrence in the text, in order (duplicates kept). */
export const tokensIn = (text: string): string[] => text.match(TOKEN_RE) ?? [];

/** Tokens that are not one of the four allowed ones (distinct, in order of first appearance). */
export function unknownTokens(text: string): string[] {
  const allowed = new Set<string>(RAW_TEMPLATE_TOKENS);
  return [...new Set(tokensIn(text).filter((t) => !allowed.has(t)))];
}

export type RawTemplateCheck = { ok: true; value: unknown } | { ok: false; message: string };

/**
 * A template is valid when its text parses as JSON (an object) and it holds no token but the four allowed ones.
 * Messages name the offending token or the JSON error.
 */
export function checkRawTemplateJson(jsonText: string): RawTemplateCheck {
  if (!jsonText || !jsonText.trim()) return { ok: false, message: 'Template JSON is required' };
  const bad = unknownTokens(jsonText);
  if (bad.length)
    return { ok: false, message: `Unknown token ${bad[0]}: only ${RAW_TEMPLATE_TOKENS.join(', ')} are allowed` };
  let value: unknown;
  try {
    value = JSON.parse(jsonText);
  } catch (err) {
    return { ok: false, message: `Invalid JSON: ${thrownInfo(err).message}` };
  }
  if (!value || typeof value !== 'object' || Array.isArray(value))
    return { ok: false, message: 'Template JSON must be an object' };
  return { ok: true, value };
}

/** JSON-escape a URL for insertion inside a JSON string literal (the token sits between quotes). */
const jsonStringBody = (s: string) => JSON.stringify(s).slice(1, -1);

export type CompileResult = { ok: true; input: unknown } | { ok: false; message: string };

/**
 * Replace the tokens by the URLs and parse the result. Errors start with 'Compile failed: ' and name the
 * offending token (unknown, or allowed but without a URL) or the JSON error.
 */
export function compileRawTemplate(jsonText: string, urls: RawTemplateUrls): CompileResult {
  const check = checkRawTemplateJson(jsonText);
  if (!check.ok) return { ok: false, message: `Compile failed: ${check.message}` };
  // checkRawTemplateJson refused any other token
  for (const t of new Set(tokensIn(jsonText).filter(isToken))) {
    const url = urls[TOKEN_URL[t]];
    if (!url) return { ok: false, message: `Compile failed: no URL for token ${t} (sampleUrls.${TOKEN_URL[t]})` };
  }
  const text = jsonText.replace(TOKEN_RE, (t) => (isToken(t) ? jsonStringBody(String(urls[TOKEN_URL[t]])) : t));
  try {
    return { ok: true, input: JSON.parse(text) };
  } catch (err) {
    return { ok: false, message: `Compile failed: Invalid JSON after substitution: ${thrownInfo(err).message}` };
  }
}
