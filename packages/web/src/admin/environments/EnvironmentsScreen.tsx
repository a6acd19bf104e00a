import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { IconArrowBackUp, IconInfoCircle, IconPencil, IconPlus } from '@tabler/icons-react';
import { type Environment, environmentCalls } from '@rakit/core';
import { useQueryClient } from '@tanstack/react-query';
import { type MouseEvent, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable } from '../../components/DataTable';
import { NameDialog } from '../../components/NameDialog';
import { notifySuccess } from '../../components/notify';
import { QueryStatus } from '../../components/QueryStatus';
import { ScreenHeader } from '../../components/ScreenHeader';
import { useCurrentApp } from '../../current-app/app-context';
import { useInstantText } from '../../current-app/use-instant-text';
import { useT } from '../../i18n/LanguageProvider';
import { runChange, settle } from '../admin-call';
import { useOpenApp } from '../apps/use-open-app';
import { type Refusal, RefusalAlert, refusalOf } from '../RefusalAlert';
import { connectionPlace, environmentsQueryKey, hasEnvironments, isLastEnvironment, useEnvironments } from './environments-query';
import { PromotionSection } from './PromotionSection';
import { VariablesSection } from './VariablesSection';

/**
 * An application's environments (issue 39): Development, Staging and Production, each an
 * application of its own in one family; where each one's connections lead and its last
 * promotion, undone in one step; and the promotion of this one's structure to another, shown
 * first as a readable diff.
 */
export function EnvironmentsScreen() {
  const { app, api } = useCurrentApp();
  const t = useT();
  const queryClient = useQueryClient();
  const environments = useEnvironments(true);
  const [adding, setAdding] = useState(false);

  if (!hasEnvironments(app.appSlug)) {
    return (
      <>
        <ScreenHeader title={t('admin.environments.title')} />
        <Alert variant="light" icon={<IconInfoCircle size={18} />}>{t('admin.environments.notHere')}</Alert>
      </>
    );
  }
  const queryKey = environmentsQueryKey(app.appSlug);
  const reload = () => void queryClient.invalidateQueries({ queryKey });
  const family = environments.data?.environments;
  const current = family?.find((environment) => environment.appId === app.appId);
  return (
    <>
      <ScreenHeader title={t('admin.environments.title')}>
        {current !== undefined && <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>{t('admin.environments.add')}</Button>}
      </ScreenHeader>
      <Text size="sm" c="dimmed" mb="md" maw={760}>{t('admin.environments.intro')}</Text>
      <QueryStatus what={t('admin.environments.what')} isPending={environments.isPending} error={environments.error} />
      {family !== undefined && (current === undefined
        ? <NoEnvironments onCreated={() => queryClient.invalidateQueries({ queryKey })} />
        : (
          <Stack gap="lg">
            <FamilyTable environments={family} current={current} onChanged={reload} />
            {/* Mounted again when the environments he may promote to change: the target starts at the one after this again. */}
            <PromotionSection key={family.filter((environment) => environment.administered).map((environment) => environment.appId).join()} environments={family} current={current} onPromoted={reload} />
          </Stack>
        ))}
      {family !== undefined && <Stack mt="xl"><VariablesSection /></Stack>}
      {adding && current !== undefined && (
        <NameDialog
          title={t('admin.environments.addTitle', { name: current.name })}
          requiredMessage={t('admin.environments.nameRequired')}
          onClose={() => setAdding(false)}
          onSave={async (name) => {
            if (!(await runChange(api.call(environmentCalls.addEnvironment, { body: { appId: app.appId, name } }), t('admin.environments.added', { name })))) return;
            setAdding(false);
            reload();
          }}
        >
          <Text size="sm">{t('admin.environments.addHint', { name: current.name })}</Text>
        </NameDialog>
      )}
    </>
  );
}

/** An application without environments: what creating them does, and the button that does it. */
function NoEnvironments({ onCreated }: { onCreated: () => Promise<void> }) {
  const { app, api } = useCurrentApp();
  const t = useT();
  const [creating, setCreating] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  async function create() {
    setCreating(true);
    setRefusal(null);
    try {
      const answer = await settle(api.call(environmentCalls.createEnvironments, { body: { appId: app.appId } }));
      if (answer === null) return;
      if (answer.status) {
        notifySuccess(t('admin.environments.created'));
        // Read again rather than taken from the answer: the screen and the environment bar above share that one query.
        await onCreated();
      } else {
        setRefusal(refusalOf(answer, t('admin.changeRefused')));
      }
    } finally {
      setCreating(false);
    }
  }

  return (
    <Paper withBorder p="md" maw={760}>
      <Text size="sm" mb="md">{t('admin.environments.none')}</Text>
      {refusal !== null && <RefusalAlert refusal={refusal} />}
      <Group justify="flex-end" mt="md"><Button loading={creating} onClick={() => void create()}>{t('admin.environments.create')}</Button></Group>
    </Paper>
  );
}

/** The family in order: each environment's application, where its connections lead, its last promotion; rename and undo. */
function FamilyTable({ environments, current, onChanged }: { environments: readonly Environment[]; current: Environment; onChanged: () => void }) {
  const { api } = useCurrentApp();
  const t = useT();
  const [renaming, setRenaming] = useState<Environment | null>(null);
  const [undoing, setUndoing] = useState<Environment | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  async function undo(environment: Environment) {
    setRefusal(null);
    const answer = await settle(api.call(environmentCalls.undoPromotion, { body: { appId: environment.appId } }));
    setUndoing(null);
    if (answer === null) return;
    if (answer.status && answer.data !== undefined) {
      notifySuccess(t('admin.environments.undone', { name: answer.data.target, count: answer.data.changedFiles.length }));
      onChanged();
    } else {
      setRefusal(refusalOf(answer, t('admin.changeRefused')));
    }
  }

  return (
    <Stack gap="sm">
      {refusal !== null && <RefusalAlert refusal={refusal} testId="environments-refusal" />}
      <DataTable
        columns={[t('admin.environments.colEnvironment'), t('admin.environments.colApplication'), t('admin.environments.colConnections'), t('admin.environments.colPromotion'), null]}
        caption={t('admin.environments.family')}
        isEmpty={false}
        emptyText=""
        minWidth={760}
        wrap
      >
        {environments.map((environment) => (
          <EnvironmentRow
            key={environment.appId}
            environment={environment}
            isCurrent={environment.appId === current.appId}
            isLast={isLastEnvironment(environments, environment)}
            onRename={() => setRenaming(environment)}
            onUndo={() => setUndoing(environment)}
          />
        ))}
      </DataTable>
      {renaming !== null && (
        <NameDialog
          title={t('admin.environments.renameTitle', { name: renaming.name })}
          requiredMessage={t('admin.environments.nameRequired')}
          initialName={renaming.name}
          onClose={() => setRenaming(null)}
          onSave={async (name) => {
            if (!(await runChange(api.call(environmentCalls.renameEnvironment, { body: { appId: renaming.appId, name } }), t('admin.environments.renamed', { name })))) return;
            setRenaming(null);
            onChanged();
          }}
        />
      )}
      <ConfirmDialog
        opened={undoing !== null}
        message={undoing === null ? '' : t('admin.environments.undoConfirm', { name: undoing.name, from: undoing.lastPromotion?.from ?? '' })}
        confirmLabel={t('admin.environments.undo')}
        onConfirm={() => (undoing === null ? Promise.resolve() : undo(undoing))}
        onClose={() => setUndoing(null)}
      />
    </Stack>
  );
}

interface EnvironmentRowProps {
  environment: Environment;
  isCurrent: boolean;
  isLast: boolean;
  onRename: () => void;
  onUndo: () => void;
}

function EnvironmentRow({ environment, isCurrent, isLast, onRename, onUndo }: EnvironmentRowProps) {
  const t = useT();
  const instant = useInstantText();
  const { lastPromotion } = environment;
  const dimmed = (text: string) => <Text size="sm" c="dimmed">{text}</Text>;
  return (
    <Table.Tr aria-current={isCurrent ? 'true' : undefined} data-testid="environment-row">
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Text fw={700} size="sm" c={isLast ? 'red.8' : undefined}>{environment.name}</Text>
          {isCurrent && <Badge size="sm" variant="light" tt="none" style={{ flexShrink: 0 }}>{t('admin.environments.thisOne')}</Badge>}
        </Group>
      </Table.Td>
      <Table.Td><ApplicationLink environment={environment} isCurrent={isCurrent} /></Table.Td>
      <Table.Td>
        {!environment.administered
          ? dimmed(t('admin.environments.notAdministered'))
          : environment.connections.length === 0
            ? dimmed(t('admin.environments.noConnection'))
            : environment.connections.map((connection, index) => <Text key={index} size="sm" style={{ overflowWrap: 'anywhere' }}>{connectionPlace(connection)}</Text>)}
      </Table.Td>
      <Table.Td>
        {lastPromotion === null
          ? dimmed(environment.administered ? t('admin.environments.neverPromoted') : '—')
          : (
            <Stack gap={4} align="flex-start">
              <Text size="sm">{t('admin.environments.lastPromotion', { from: lastPromotion.from, time: instant(lastPromotion.at), user: lastPromotion.by })}</Text>
              {lastPromotion.undoable && (
                <Button size="xs" variant="light" color="red" leftSection={<IconArrowBackUp size={14} />} onClick={onUndo} aria-label={t('admin.environments.undoOne', { name: environment.name })}>
                  {t('admin.environments.undo')}
                </Button>
              )}
            </Stack>
          )}
      </Table.Td>
      <Table.Td ta="right">
        {environment.administered && (
          <Button size="xs" variant="subtle" leftSection={<IconPencil size={14} />} onClick={onRename} aria-label={t('admin.environments.renameOne', { name: environment.name })}>
            {t('admin.environments.rename')}
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** The environment's application, a link to its admin home (opened without signing in again) or, for this one, its own. */
function ApplicationLink({ environment, isCurrent }: { environment: Environment; isCurrent: boolean }) {
  const { path } = useCurrentApp();
  const open = useOpenApp();
  const address = <Text size="xs" c="dimmed">/{environment.appSlug}</Text>;
  if (isCurrent) {
    return <><Anchor component={Link} to={path('home')} size="sm" fw={600}>{environment.appName}</Anchor>{address}</>;
  }
  const openIt = (event: MouseEvent) => {
    event.preventDefault();
    void open(environment);
  };
  // An administrator lands on its admin home; anyone else on its pages, as Open on an application's card does.
  const href = environment.administered ? `/${environment.appSlug}/home` : `/${environment.appSlug}`;
  return <><Anchor href={href} onClick={openIt} size="sm" fw={600}>{environment.appName}</Anchor>{address}</>;
}
