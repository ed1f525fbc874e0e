import { ADMIN_ERROR_MESSAGES, OPERATOR_ROLES } from '@mayur/contracts/admin';
import { ERROR_MESSAGES } from '@mayur/rules/errors';
import { describe, expect, it } from 'vitest';
import en from './locales/en.json';

// Every refusal the console can meet and every role has its English text, so a new code or role
// added to the contracts shows a sentence, not a key.

describe('the console’s English texts', () => {
  it('name every error code of the player and admin APIs', () => {
    for (const code of [...Object.keys(ERROR_MESSAGES), ...Object.keys(ADMIN_ERROR_MESSAGES)]) {
      expect((en.errors as Record<string, string>)[code], code).toBeTruthy();
    }
  });

  it('name every role', () => {
    for (const role of OPERATOR_ROLES) expect((en.roles as Record<string, string>)[role], role).toBeTruthy();
  });
});
