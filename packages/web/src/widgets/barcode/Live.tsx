import { Box, Button, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { chainFrom, type MessageKey, type RowValues, topLevelActions, tableCalls } from '@rakit/core';
import { IconBarcode } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useContext, useEffect, useRef, useState } from 'react';
import { actionsOfComponent } from '../../actions/config-of';
import { useKeepForLater } from '../../actions/keep-for-later';
import { newWriteKey, offlineChainOf, whyNotKept } from '../../actions/offline-chain';
import { usePageActionScope } from '../../actions/use-action-runtime';
import { ApiUnreachableError } from '../../api/request';
import { useWaitingWrites } from '../../offline/write-queue';
import { keepScannedRow, keptScanKey, type ScanEntry, type ScanSync, useScanHistory } from './scan-history';
import { CurrentAppContext } from '../../current-app/app-context';
import { type Translate, useT } from '../../i18n/LanguageProvider';
import { Announcement } from '../../components/Announcement';
import { notifyFailure } from '../../components/notify';
import { configuredColumns } from '../data-source/content';
import { useRowActions } from '../data-source/row-actions';
import { usePageFormStore } from '../../page-state/form-state';
import { usePlaceholderValues } from '../../page-state/placeholder-values';
import type { WidgetLiveProps } from '../types';

/** The scan input gets the focus this long after the dialog opens (spec 3 §4). */
export const SCAN_FOCUS_DELAY_MS = 500;

const SYNC_TEXT: Record<ScanSync, MessageKey> = { syncing: 'barcodeSyncing', synced: 'barcodeSynced', failed: 'barcodeSyncFailed', waiting: 'shell.offline.state.waiting' };
const SYNC_COLOR: Record<ScanSync, string> = { syncing: 'yellow.8', synced: 'green.8', failed: 'red.7', waiting: 'orange.8' };

/** What a screen reader hears of the newest scan: the code, found or not, and its sync. */
function scanNews(t: Translate, entry: ScanEntry | undefined): string {
  if (entry === undefined) return '';
  const found = t(entry.row !== null ? 'barcodeFound' : entry.sync === 'waiting' ? 'formwidgets.barcode.notLookedUp' : 'barcodeNotFound');
  return entry.sync === null
    ? t('formwidgets.barcode.news', { code: entry.code, found })
    : t('formwidgets.barcode.newsSync', { code: entry.code, found, sync: t(SYNC_TEXT[entry.sync]) });
}

const cellText = (value: unknown): string => (value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value));

/**
 * The barcode widget (spec 3 "Barcode widget", §4): 'Open Barcode' opens a dialog with the
 * title, a scan input and the scan history. A USB scanner types a code and Enter: the server
 * looks the code up (exact, case-insensitive, on the first mapped column; POST /get/scanBarcode)
 * and a found row is added as 'Mensinkronisasi' while the first custom action runs with it, then
 * 'Tersinkronisasi'; an unknown code adds a 'NOT FOUND' line. The input clears after each scan
 * and keeps the focus; scans typed quickly are looked up one after another, in order.
 *
 * Offline (issue 38) the scanning goes on: the row shows when this device looked the code up
 * before, and the scan with its first action's writes waits on the device as one kept write
 * (the row is read again when it is sent, and the action runs once with it). The history is kept
 * on the device.
 */
export function BarcodeLive({ component, mode }: WidgetLiveProps<'barcode'>) {
  const t = useT();
  const current = useContext(CurrentAppContext);
  const store = usePageFormStore();
  const pageId = store?.getState().pageId ?? null;
  const live = mode === 'preview' && pageId !== null && current !== null;
  const small = useMediaQuery('(max-width: 48em)');
  const [opened, setOpened] = useState(false);
  const [code, setCode] = useState('');
  const appSlug = current?.app.appSlug ?? '';
  const { history, update } = useScanHistory(appSlug, live ? pageId : null, component.id);
  const queryClient = useQueryClient();
  const keep = useKeepForLater(component);
  const scope = usePageActionScope(component);
  const waitingWrites = useWaitingWrites(queryClient, appSlug, usePlaceholderValues().userId ?? '');
  const input = useRef<HTMLInputElement>(null);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const columns = configuredColumns(component);
  const actions = actionsOfComponent(component);
  const firstAction = topLevelActions(actions)[0];
  const runner = useRowActions(component, component.primaryKey === 'NONE' ? null : component.primaryKey, () => undefined, true);
  const title = component.title === '' ? t('formwidgets.barcode.defaultTitle') : component.title;

  useEffect(() => {
    if (!opened) return undefined;
    const timer = window.setTimeout(() => input.current?.focus(), SCAN_FOCUS_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [opened]);

  const setSync = (id: string, sync: ScanSync) => update((now) => now.map((e) => (e.id === id ? { ...e, sync } : e)));

  /** Offline: the scan and its first action's writes wait on the device as one write. */
  function keepScan(scanned: string): void {
    if (keep === null || pageId === null || scope === null) return;
    const rt = scope.runtime();
    const plan = offlineChainOf(firstAction === undefined ? [] : chainFrom(actions, firstAction), rt);
    if (plan.kind !== 'queued') {
      notifyFailure(whyNotKept(plan));
      return;
    }
    // The row is only known once sent: what the chain does on the device at once would use none.
    const onDevice = plan.effects[0];
    if (onDevice !== undefined) {
      notifyFailure(t('shell.offline.needsNetwork', { type: onDevice.action.action }));
      return;
    }
    const writeKey = newWriteKey();
    const kept = queryClient.getQueryData<RowValues | null>(keptScanKey(appSlug, pageId, component.id, scanned)) ?? null;
    keep.keep([{ kind: 'scan', code: scanned }, ...plan.steps], `${title}: ${scanned}`, { params: plan.params, key: writeKey });
    update((now) => [{ id: writeKey, code: scanned, row: kept, sync: 'waiting', writeKey }, ...now]);
  }

  async function lookUp(scanned: string): Promise<void> {
    if (!live || current === null || pageId === null) return;
    if (keep?.offline() === true) return keepScan(scanned);
    let row: RowValues | null;
    try {
      const answer = await current.api.call(tableCalls.scanBarcode, { body: { pageId, componentId: component.id, code: scanned } });
      if (!answer.status) throw new Error(answer.error?.join(', ') ?? `HTTP ${answer.httpStatus}`);
      row = (answer.data?.[0] as RowValues | undefined) ?? null;
    } catch (error) {
      if (error instanceof ApiUnreachableError && keep !== null) return keepScan(scanned);
      console.error(`The scan of ${component.id} failed`, error);
      notifyFailure(t('actionFailed', { detail: error instanceof Error ? error.message : String(error) }).trim());
      return;
    }
    // Kept for a scan of the same code without a network.
    keepScannedRow(queryClient, appSlug, pageId, component.id, scanned, row);
    const id = newWriteKey();
    update((now) => [{ id, code: scanned, row, sync: row === null ? null : 'syncing' }, ...now]);
    if (row === null) return;
    const succeeded = firstAction === undefined ? true : await runner.run(firstAction, [row]);
    setSync(id, succeeded ? 'synced' : 'failed');
  }

  /** A kept scan's line follows its write: refused, or discarded before it was sent. */
  const syncOf = (entry: ScanEntry): ScanSync | null => {
    if (entry.sync !== 'waiting') return entry.sync;
    const write = waitingWrites.find((w) => w.write.key === entry.writeKey);
    return write === undefined || write.state === 'refused' ? 'failed' : 'waiting';
  };
  const shown = history.map((entry) => ({ ...entry, sync: syncOf(entry) }));

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const scanned = code.trim();
    setCode('');
    if (scanned === '') return;
    queue.current = queue.current.then(() => lookUp(scanned));
  }

  return (
    <Box data-testid="barcode" data-component={component.id}>
      <Button leftSection={<IconBarcode size={16} />} onClick={() => setOpened(true)}>{t('barcodeOpen')}</Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={title} size="xl" fullScreen={small === true} trapFocus={false}>
        <Stack gap="sm">
          <TextInput
            ref={input}
            aria-label={t('formwidgets.barcode.scan')}
            placeholder={t('barcodePlaceholder')}
            value={code}
            autoComplete="off"
            onChange={(event) => setCode(event.currentTarget.value)}
            onKeyDown={onKeyDown}
          />
          <Announcement message={scanNews(t, shown[0])} testId="scan-news" />
          {live ? null : <Text size="xs" c="dimmed">{t('formwidgets.barcode.runtimeNote')}</Text>}
          <Table.ScrollContainer minWidth={320}>
            <Table striped withTableBorder aria-label={t('formwidgets.barcode.history')}>
              <Table.Thead>
                <Table.Tr>
                  {columns.map((c) => <Table.Th key={c.field}>{c.label}</Table.Th>)}
                  <Table.Th>{t('formwidgets.barcode.status')}</Table.Th>
                  <Table.Th>{t('formwidgets.barcode.action')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.length === 0 ? (
                  <Table.Tr><Table.Td colSpan={columns.length + 2}><Text size="sm" c="dimmed" ta="center">{t('formwidgets.barcode.noScans')}</Text></Table.Td></Table.Tr>
                ) : shown.map((entry) => (
                  <Table.Tr key={entry.id} data-testid="scan-row">
                    {columns.map((c, i) => (
                      <Table.Td key={c.field}>{entry.row === null ? (i === 0 ? entry.code : '') : cellText(entry.row[c.field])}</Table.Td>
                    ))}
                    <Table.Td>
                      {entry.row !== null
                        ? <Text size="sm" fw={600} c="blue.7">{t('barcodeFound')}</Text>
                        : entry.sync === 'waiting'
                          ? <Text size="sm" c="dimmed">{t('formwidgets.barcode.notLookedUp')}</Text>
                          : <Text size="sm" fw={600} c="red.7">{t('barcodeNotFound')}</Text>}
                    </Table.Td>
                    <Table.Td>{entry.sync === null ? null : <Text size="sm" c={SYNC_COLOR[entry.sync]}>{t(SYNC_TEXT[entry.sync])}</Text>}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      </Modal>
    </Box>
  );
}
