import { Switch, Textarea, TextInput } from '@mantine/core';
import { type Application, type AppLanguage, DEFAULT_TIME_ZONE, Messages, SaveAppBodySchema, appCalls } from '@rakit/core';
import { useState } from 'react';
import { ApiUnreachableError, firstError } from '../../api/client';
import { FormDialog } from '../../components/FormDialog';
import { useCurrentApp } from '../../current-app/app-context';
import { notifyFailure, notifySuccess } from '../../components/notify';
import { useStaleWrite } from '../../current-app/use-stale-write';
import { useT } from '../../i18n/LanguageProvider';
import { AppLanguageSelect } from '../../i18n/LanguageSelect';
import { TimeZoneSelect } from './TimeZoneSelect';

interface AppFormDialogProps {
  /** The application to edit, or null to create one. */
  editing: Application | null;
  onClose: () => void;
  onSaved: () => void;
}

type AppFields = Pick<Application, 'appName' | 'appDescription' | 'appOpenRegistration' | 'appLanguage' | 'appTimeZone'>;
const fieldsOf = (app: AppFields): AppFields => ({
  appName: app.appName, appDescription: app.appDescription, appOpenRegistration: app.appOpenRegistration, appLanguage: app.appLanguage, appTimeZone: app.appTimeZone,
});

/**
 * Create or edit an application: name, description, self-registration (spec 1 screen 3). An
 * edit is based on the application as listed: another's edit since is merged or asked about.
 */
export function AppFormDialog({ editing, onClose, onSaved }: AppFormDialogProps) {
  const { api } = useCurrentApp();
  const t = useT();
  const staleWrite = useStaleWrite<AppFields>(t('admin.apps.staleWhat'), {
    appName: t('admin.apps.name'), appDescription: t('admin.apps.description'), appOpenRegistration: t('admin.apps.openRegistration'),
    appLanguage: t('languages.label'), appTimeZone: t('languages.timeZone'),
  });
  const [appName, setAppName] = useState(editing?.appName ?? '');
  const [appDescription, setAppDescription] = useState(editing?.appDescription ?? '');
  const [appOpenRegistration, setAppOpenRegistration] = useState(editing?.appOpenRegistration ?? false);
  const [appLanguage, setAppLanguage] = useState<AppLanguage>(editing?.appLanguage ?? 'spec');
  const [appTimeZone, setAppTimeZone] = useState(editing?.appTimeZone ?? DEFAULT_TIME_ZONE);
  const creating = editing === null;

  async function save() {
    const body = SaveAppBodySchema.safeParse({ appId: editing?.appId ?? null, appName, appDescription, appOpenRegistration, appLanguage, appTimeZone });
    if (!body.success) {
      const issue = body.error.issues[0]?.message;
      // The schema's own refusal is said in the reader's language; zod's others as zod words them.
      notifyFailure(issue === undefined || issue === Messages.appNameRequired ? t('appNameRequired') : issue);
      return;
    }
    try {
      const written = editing === null || editing.revision === undefined
        ? { answer: await api.call(appCalls.saveApp, { body: body.data }) }
        : await staleWrite.write({
          base: fieldsOf(editing), mine: fieldsOf({ appName, appDescription, appOpenRegistration, appLanguage, appTimeZone }), revision: editing.revision,
          send: (values, revision) => api.call(appCalls.saveApp, { body: { ...body.data, ...values, revision } }),
          fieldsOf: (current) => fieldsOf(current.app ?? editing),
          revisionOf: (current) => current.app?.revision ?? editing.revision ?? 1,
        });
      if ('theirs' in written) {
        onSaved();
        return;
      }
      const { answer } = written;
      if (answer === null) return;
      if (answer.status) {
        notifySuccess(creating ? t('appCreated') : t('appEdited'));
        onSaved();
        return;
      }
      const duplicate = creating && answer.httpStatus === 409;
      notifyFailure(duplicate ? t('appDuplicate') : firstError(answer, t('appDuplicate')));
    } catch (error) {
      // Network failures are only logged (spec 1 §8).
      if (!(error instanceof ApiUnreachableError)) throw error;
      console.error(error);
    }
  }

  return (
    <FormDialog title={creating ? t('admin.apps.createNew') : t('admin.apps.editTitle')} onSubmit={save} onClose={onClose}>
      {staleWrite.dialog}
      <TextInput label={t('admin.apps.name')} value={appName} onChange={(event) => setAppName(event.currentTarget.value)} data-autofocus />
      <Textarea label={t('admin.apps.description')} autosize minRows={3} value={appDescription} onChange={(event) => setAppDescription(event.currentTarget.value)} />
      <Switch
        label={t('admin.apps.openRegistration')}
        checked={appOpenRegistration}
        onChange={(event) => setAppOpenRegistration(event.currentTarget.checked)}
      />
      <AppLanguageSelect value={appLanguage} onChange={setAppLanguage} />
      <TimeZoneSelect value={appTimeZone} onChange={setAppTimeZone} />
    </FormDialog>
  );
}
