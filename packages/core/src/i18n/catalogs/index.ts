import enLanguages from './en/languages.json';
import enMessages from './en/messages.json';
import enShell from './en/shell.json';
import enAdmin from './en/admin.json';
import enWorkflow from './en/workflow.json';
import enEditor from './en/editor.json';
import enActions from './en/actions.json';
import enDatawidgets from './en/datawidgets.json';
import enFormwidgets from './en/formwidgets.json';
import enAudit from './en/audit.json';
import idLanguages from './id/languages.json';
import idMessages from './id/messages.json';
import idShell from './id/shell.json';
import idAdmin from './id/admin.json';
import idWorkflow from './id/workflow.json';
import idEditor from './id/editor.json';
import idActions from './id/actions.json';
import idDatawidgets from './id/datawidgets.json';
import idFormwidgets from './id/formwidgets.json';
import idAudit from './id/audit.json';
import specLanguages from './spec/languages.json';
import specMessages from './spec/messages.json';
import specShell from './spec/shell.json';
import specAdmin from './spec/admin.json';
import specWorkflow from './spec/workflow.json';
import specEditor from './spec/editor.json';
import specActions from './spec/actions.json';
import specDatawidgets from './spec/datawidgets.json';
import specFormwidgets from './spec/formwidgets.json';
import specAudit from './spec/audit.json';
import type { Language } from '../languages';

/**
 * Every catalog's source texts (ICU MessageFormat), by language, one JSON file per area.
 * The server and the checks read these; the browser loads one language's, compiled at build
 * time (web/vite.config.ts, rakitCatalogs), on demand.
 *
 * `messages.json` holds the texts both sides send or show (the server's errors among them):
 * its keys are the errors' stable codes and carry no prefix. Every other file's keys begin
 * with its name and a dot.
 */
export const CATALOG_SOURCES = {
  spec: { messages: specMessages, languages: specLanguages, shell: specShell, admin: specAdmin, workflow: specWorkflow, editor: specEditor, actions: specActions, datawidgets: specDatawidgets, formwidgets: specFormwidgets, audit: specAudit },
  id: { messages: idMessages, languages: idLanguages, shell: idShell, admin: idAdmin, workflow: idWorkflow, editor: idEditor, actions: idActions, datawidgets: idDatawidgets, formwidgets: idFormwidgets, audit: idAudit },
  en: { messages: enMessages, languages: enLanguages, shell: enShell, admin: enAdmin, workflow: enWorkflow, editor: enEditor, actions: enActions, datawidgets: enDatawidgets, formwidgets: enFormwidgets, audit: enAudit },
} satisfies Record<Language, Record<string, Record<string, string>>>;

/** One language's texts, every area merged. */
export const catalogOf = (language: Language): Record<string, string> =>
  Object.assign({}, ...Object.values(CATALOG_SOURCES[language])) as Record<string, string>;
