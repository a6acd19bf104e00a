import {
  AppBundleSchema, BundlePreviewSchema, ExportAppQuerySchema, ImportBundleBodySchema, ImportedBundleSchema,
} from '../schemas/bundle';
import { AppIdParamsSchema } from '../schemas/admin';
import { CREATED_OR_SAVED, defineCall, lazyCalls } from './contract';

/** Application export and import (issue 17, docs/bundle-format.md). */
export const bundleCalls = lazyCalls(() => ({
  exportApp: defineCall({
    method: 'GET', path: '/get/exportApp/:appId', tag: 'bundles',
    summary: 'The application as one bundle: pages, menus, groups, queries, workflows, functions, templates and connections without their passwords',
    description: '?users=true adds the members\' user ids (never a password or its hash); ?data=false leaves out the rows of embedded SQLite databases. '
      + 'A bundle larger than an import takes is refused (400) with what to leave out.',
    params: AppIdParamsSchema,
    query: ExportAppQuerySchema,
    data: AppBundleSchema,
    access: { level: 'appAdmin', app: { entity: 'app', id: (input) => input.params.appId } },
  }),
  previewImport: defineCall({
    method: 'POST', path: '/save/previewImport', tag: 'bundles',
    summary: 'What importing the bundle would add, change and remove, and the connections that need a password',
    description: 'As a new application: whoever may create applications; over an existing one: its administrators. Writes nothing.',
    body: ImportBundleBodySchema,
    data: BundlePreviewSchema,
    // The target is in the body and may be a new application: the rules are in the server's bundles/import.
    access: { level: 'signedIn' },
  }),
  importApp: defineCall({
    method: 'POST', path: '/save/importApp', tag: 'bundles',
    summary: 'Import a bundle as a new application (201) or over an existing one, in one transaction',
    description: 'Every id is remapped, every page validated, every connection tested as if saved by hand; a refused bundle writes nothing.',
    body: ImportBundleBodySchema,
    data: ImportedBundleSchema,
    successCode: CREATED_OR_SAVED,
    access: { level: 'signedIn' },
  }),
}));
