import { Switch, Textarea, TextInput } from '@mantine/core';
import { type Application, Messages, SaveAppBodySchema } from '@rakit/core';
import { useState } from 'react';
import { ApiUnreachableError, firstError } from '../../api/client';
import { FormDialog } from '../../components/FormDialog';
import { useCurrentApp } from '../../current-app/app-context';
import { notifyFailure, notifySuccess } from '../../components/notify';
import { useStaleWrite } from '../../current-app/use-stale-write';

interface AppFormDialogProps {
  /** The application to edit, or null to create one. */
  editing: Application | null;
  onClose: () => void;
  onSaved: () => void;
}

type AppFields = Pick<Application, 'appName' | 'appDescription' | 'appOpenRegistration'>;
const fieldsOf = (app: AppFields): AppFields => ({ appName: app.appName, appDescription: app.appDescription, appOpenRegistration: app.appOpenRegistration });
const FIELD_LABELS = { appName: 'Name', appDescription: 'Description', appOpenRegistration: 'Allow self-registration' };

/**
 * Create or edit an application: name, description, self-registration (spec 1 screen 3). An
 * edit is based on the application as listed: another's edit since is merged or asked about.
 */
export function AppFormDialog({ editing, onClose, onSaved }: AppFormDialogProps) {
  const { api } = useCurrentApp();
  const staleWrite = useStaleWrite<AppFields>('this application', FIELD_LABELS);
  const [appName, setAppName] = useState(editing?.appName ?? '');
  const [appDescription, setAppDescription] = useState(editing?.appDescription ?? '');
  const [appOpenRegistration, setAppOpenRegistration] = useState(editing?.appOpenRegistration ?? false);
  const creating = editing === null;

  async function save() {
    const body = SaveAppBodySchema.safeParse({ appId: editing?.appId ?? null, appName, appDescription, appOpenRegistration });
    if (!body.success) {
      notifyFailure(body.error.issues[0]?.message ?? Messages.appNameRequired);
      return;
    }
    try {
      const written = editing === null || editing.revision === undefined
        ? { answer: await api.saveApp(body.data) }
        : await staleWrite.write({
          base: fieldsOf(editing), mine: fieldsOf({ appName, appDescription, appOpenRegistration }), revision: editing.revision,
          send: (values, revision) => api.saveApp({ ...body.data, ...values, revision }),
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
        notifySuccess(creating ? Messages.appCreated : Messages.appEdited);
        onSaved();
        return;
      }
      const duplicate = creating && answer.httpStatus === 409;
      notifyFailure(duplicate ? Messages.appDuplicate : firstError(answer, Messages.appDuplicate));
    } catch (error) {
      // Network failures are only logged (spec 1 §8).
      if (!(error instanceof ApiUnreachableError)) throw error;
      console.error(error);
    }
  }

  return (
    <FormDialog title={creating ? 'Create New App' : 'Edit Application'} onSubmit={save} onClose={onClose}>
      {staleWrite.dialog}
      <TextInput label="Name" value={appName} onChange={(event) => setAppName(event.currentTarget.value)} data-autofocus />
      <Textarea label="Description" autosize minRows={3} value={appDescription} onChange={(event) => setAppDescription(event.currentTarget.value)} />
      <Switch
        label="Allow self-registration"
        checked={appOpenRegistration}
        onChange={(event) => setAppOpenRegistration(event.currentTarget.checked)}
      />
    </FormDialog>
  );
}
