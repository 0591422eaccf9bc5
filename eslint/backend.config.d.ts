import type { Linter } from 'eslint';
export declare const STORAGE_SDKS: string[];
export declare const STORAGE_SDK_EXCEPTIONS: Record<string, string>;
export declare const DOMAINS: string[];
export declare const SHARED_FUNCTION_FOLDERS: string[];
export declare const IMPORT_ZONES: {
  target: string | string[];
  from: string | string[];
  except?: string[];
  message: string;
}[];
declare const config: Linter.Config[];
export default config;
