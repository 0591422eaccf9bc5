import { clsx, type ClassValue } from 'clsx';

/**
 * Join class names (clsx). No tailwind-merge: it would add ~9 KB gzip to the landing page. Components
 * therefore never rely on a later class overriding a conflicting one: variants expose options instead.
 */
export const cn = (...inputs: ClassValue[]): string => clsx(inputs);
