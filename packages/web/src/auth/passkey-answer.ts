import type { ClientInputOf, passkeyCalls } from '@rakit/core';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/browser';

type PasskeyAnswer = ClientInputOf<typeof passkeyCalls.registerPasskey>['body']['response'];

/**
 * The authenticator's answer as the passkey calls take it: copied into plain objects, which
 * fit the contract's open schema (the library's interfaces declare that no other key exists).
 */
export const plainPasskeyAnswer = (answer: AuthenticationResponseJSON | RegistrationResponseJSON): PasskeyAnswer =>
  ({ ...answer, response: { ...answer.response } });
