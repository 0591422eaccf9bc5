import type { Linter } from 'eslint';
export declare const STORAGE_SDKS: string[];
export declare const STORAGE_SDK_EXCEPTIONS: Record<string, string>;
declare const config: Linter.Config[];
export default config;
