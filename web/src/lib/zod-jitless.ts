/**
 * `zod` as the web build sees it (web/vite.config.ts aliases the bare specifier here): zod itself, told once,
 * before any schema parses, not to compile parsers with `new Function` (its JIT). The site's CSP has no
 * 'unsafe-eval', so zod's probe for it was a CSP violation on every page that parses; without the JIT it parses
 * our small schemas the same way, by interpretation.
 */
import * as z from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
export default z;
