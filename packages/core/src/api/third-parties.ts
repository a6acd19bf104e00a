import { z } from 'zod';
import { baseRevisionField, revisionField } from '../schemas/revision';
import { CREATED_OR_SAVED, defineCall, lazyCalls } from './contract';

/*
 * Third Parties (spec 1 screen 4, the top bar link of `_root`): the outbound services the
 * operator lets the server use for every application, such as the SMTP server the workflows'
 * Send Email add-on sends through. Their secrets are sealed at rest and never sent back: an
 * answer says only whether one is stored, and saving with an empty password keeps it.
 */

export const THIRD_PARTY_KINDS = ['smtp'] as const;
export const ThirdPartyKindSchema = z.enum(THIRD_PARTY_KINDS);

/** How an SMTP connection is protected: TLS from the start (465), STARTTLS required (587), or none (a local relay). */
export const SMTP_SECURITY = ['tls', 'starttls', 'none'] as const;
export const SmtpSecuritySchema = z.enum(SMTP_SECURITY);
export type SmtpSecurity = z.infer<typeof SmtpSecuritySchema>;

/** A plain e-mail address: no display name, no spaces, no line breaks (nothing that could add a header). */
export const PLAIN_EMAIL_ADDRESS = /^[^\s@<>,;:"'()[\]\\]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?)+$/;

const id = z.number().int().positive();

/** A stored outbound service as the screen lists it: never its password. */
export const ThirdPartySchema = z.object({
  serviceId: id,
  kind: ThirdPartyKindSchema,
  name: z.string(),
  host: z.string(),
  port: z.number().int(),
  security: SmtpSecuritySchema,
  username: z.string(),
  fromAddress: z.string(),
  hasPassword: z.boolean(),
  ...revisionField,
});
export type ThirdParty = z.infer<typeof ThirdPartySchema>;

export const SaveThirdPartyBodySchema = z.object({
  serviceId: id.nullable().default(null),
  kind: ThirdPartyKindSchema.default('smtp'),
  name: z.string().trim().min(1, 'Please, fill the name').max(100),
  host: z.string().trim().min(1, 'Please, fill the host').max(255).regex(/^[A-Za-z0-9.:[\]-]+$/, 'The host must be a host name or an address'),
  port: z.coerce.number().int().min(1).max(65535),
  security: SmtpSecuritySchema,
  username: z.string().trim().max(255).default(''),
  /** Empty when editing keeps the stored password. */
  password: z.string().max(1000).default(''),
  fromAddress: z.string().trim().max(254).regex(PLAIN_EMAIL_ADDRESS, 'The sender must be a plain e-mail address (name@example.com)'),
  /** The service's revision the edit was based on (issue 33). */
  ...baseRevisionField,
});
export type SaveThirdPartyBody = z.infer<typeof SaveThirdPartyBodySchema>;

export const ThirdPartyIdBodySchema = z.object({ serviceId: id });
const ThirdPartyIdSchema = z.object({ serviceId: id });
/** A saved service: its id and the revision it is at now (issue 33). */
const SavedThirdPartySchema = ThirdPartyIdSchema.extend(revisionField);

export const thirdPartyCalls = lazyCalls(() => ({
  listThirdParties: defineCall({
    method: 'GET', path: '/get/listThirdParties', tag: 'third-parties',
    summary: 'The outbound services the server may use (super administrator); never their passwords',
    data: z.array(ThirdPartySchema),
    access: { level: 'superAdmin' },
  }),
  saveThirdParty: defineCall({
    method: 'POST', path: '/save/saveThirdParty', tag: 'third-parties',
    summary: 'Create (serviceId null) or edit an outbound service; an empty password keeps the stored one',
    description: 'The host must resolve to public addresses unless the operator allows private ones (RAKIT_ALLOW_PRIVATE_SMTP or RAKIT_ALLOW_PRIVATE_URLS). '
      + 'An edit naming the revision it was based on is refused (409, with the service as stored now, never its password) once another has saved it since.',
    body: SaveThirdPartyBodySchema,
    data: SavedThirdPartySchema,
    conflict: ThirdPartySchema,
    access: { level: 'superAdmin' },
    successCode: CREATED_OR_SAVED,
  }),
  deleteThirdParty: defineCall({
    method: 'DELETE', path: '/delete/deleteThirdParty', tag: 'third-parties',
    summary: 'Remove an outbound service',
    body: ThirdPartyIdBodySchema,
    data: ThirdPartyIdSchema,
    access: { level: 'superAdmin' },
  }),
  testThirdParty: defineCall({
    method: 'POST', path: '/action/testThirdParty', tag: 'third-parties',
    summary: 'Connects to a stored outbound service and signs in, sending nothing',
    body: ThirdPartyIdBodySchema,
    data: z.object({ serviceId: id, message: z.string() }),
    access: { level: 'superAdmin' },
  }),
}));
