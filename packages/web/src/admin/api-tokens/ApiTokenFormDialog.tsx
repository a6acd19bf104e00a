import { Checkbox, MultiSelect, Select, Stack, TextInput } from '@mantine/core';
import { type CreateApiTokenBody, type PageSummary, TOKEN_ABILITY_NAMES, TOKEN_MAX_DAYS, type TokenAbility, tokenNeedsPages, apiTokenCalls } from '@rakit/core';
import { useState } from 'react';
import { firstError } from '../../api/client';
import { FormDialog } from '../../components/FormDialog';
import { ShownOnceDialog } from '../../components/ShownOnceDialog';
import { notifyFailure, notifySuccess } from '../../components/notify';
import { useCurrentApp } from '../../current-app/app-context';
import { useT } from '../../i18n/LanguageProvider';
import { settle } from '../admin-call';
import { ABILITY_LABELS } from './ability-labels';

interface ApiTokenFormDialogProps {
  /** The application's pages, to choose the token's from. */
  pages: readonly PageSummary[];
  onClose: () => void;
  onCreated: () => void;
}

/** The header a script sends (HTTP's own words, in no catalog). */
const bearerHeader = (secret: string) => `Authorization: Bearer ${secret}`;

/** How long a new token may live: a week to a year (the longest core allows). */
const LIFETIMES = [7, 30, 90, 180, TOKEN_MAX_DAYS] as const;

/**
 * A new token for machines: its name, abilities, pages and life; once made, its text is shown
 * this one time, to copy, with how to send it.
 */
export function ApiTokenFormDialog({ pages, onClose, onCreated }: ApiTokenFormDialogProps) {
  const { app, api } = useCurrentApp();
  const t = useT();
  const [name, setName] = useState('');
  const [abilities, setAbilities] = useState<TokenAbility[]>(['readTables']);
  const [pageIds, setPageIds] = useState<string[]>([]);
  const [days, setDays] = useState<string>('90');
  const [secret, setSecret] = useState<string | null>(null);

  // Deploying acts on the whole application: a token that only deploys names no page.
  const onPages = tokenNeedsPages(abilities);

  async function create() {
    if (name.trim() === '' || abilities.length === 0 || (onPages && pageIds.length === 0)) {
      notifyFailure(t('admin.apiTokens.incomplete'));
      return;
    }
    const body: CreateApiTokenBody = { appId: app.appId, tokenName: name.trim(), abilities, pageIds: onPages ? pageIds.map(Number) : [], expiresInDays: Number(days) };
    const answer = await settle(api.call(apiTokenCalls.createApiToken, { body }));
    if (answer === null) return;
    if (answer.status && answer.data !== undefined) {
      notifySuccess(t('admin.apiTokens.created'));
      setSecret(answer.data.secret);
      onCreated();
    } else {
      notifyFailure(firstError(answer, t('admin.apiTokens.saveFailed')));
    }
  }

  if (secret !== null) return <ShownOnce secret={secret} onDone={onClose} />;

  const lifetimeLabel = (value: number) => (value === TOKEN_MAX_DAYS ? t('admin.apiTokens.oneYear') : t('admin.apiTokens.days', { count: value }));
  return (
    <FormDialog title={t('admin.apiTokens.add')} onSubmit={create} onClose={onClose} size="lg" submitLabel={t('admin.apiTokens.create')}>
      <TextInput label={t('admin.apiTokens.name')} description={t('admin.apiTokens.nameHint')} value={name} maxLength={80} onChange={(event) => setName(event.currentTarget.value)} data-autofocus />
      <Checkbox.Group label={t('admin.apiTokens.abilities')} value={abilities} onChange={(value) => setAbilities(value as TokenAbility[])}>
        <Stack gap={6} mt={6}>
          {TOKEN_ABILITY_NAMES.map((ability) => <Checkbox key={ability} value={ability} label={t(ABILITY_LABELS[ability])} />)}
        </Stack>
      </Checkbox.Group>
      {onPages && <MultiSelect
        label={t('admin.apiTokens.pages')}
        description={t('admin.apiTokens.pagesHint')}
        data={pages.map((page) => ({ value: String(page.pageId), label: page.pageName }))}
        value={pageIds}
        onChange={setPageIds}
        searchable
        comboboxProps={{ withinPortal: true }}
      />}
      <Select
        label={t('admin.apiTokens.expiresIn')}
        data={LIFETIMES.map((value) => ({ value: String(value), label: lifetimeLabel(value) }))}
        value={days}
        onChange={(value) => setDays(value ?? '90')}
        allowDeselect={false}
      />
    </FormDialog>
  );
}

/** The new token's text, shown this once, with how to send it. */
function ShownOnce({ secret, onDone }: { secret: string; onDone: () => void }) {
  const t = useT();
  return (
    <ShownOnceDialog
      title={t('admin.apiTokens.shownOnceTitle')}
      warning={t('admin.apiTokens.shownOnce')}
      secret={secret}
      howTo={t('admin.apiTokens.howToUse')}
      howToLines={[bearerHeader(secret)]}
      copyLabel={t('admin.apiTokens.copy')}
      copiedLabel={t('admin.apiTokens.copied')}
      doneLabel={t('admin.apiTokens.done')}
      onDone={onDone}
    />
  );
}
