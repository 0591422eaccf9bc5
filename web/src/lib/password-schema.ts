import * as z from 'zod';
import { PASSWORD_RULES } from './password-rules';

/** A new password under the pool's policy, with the sign-up form's messages. */
export const newPasswordSchema = z
  .string()
  .min(8, 'Use at least 8 characters')
  .refine(PASSWORD_RULES[1].test, 'Add an uppercase letter')
  .refine(PASSWORD_RULES[2].test, 'Add a lowercase letter')
  .refine(PASSWORD_RULES[3].test, 'Add a number');
