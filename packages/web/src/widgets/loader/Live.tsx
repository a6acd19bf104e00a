import { Badge, Group, Text } from '@mantine/core';
import {
  LOADER_PREVIEW_DELAY_MS, LOADER_TRIGGER_POLL_MS, loaderValues, NO_LOADER_TRIGGER, parseLoaderMapping,
} from '@rakit/core';
import { IconDatabaseImport } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { FIRST_PAGE, useTableContent } from '../data-source/content';
import { fieldValue, usePageFormStore } from '../../page-state/form-state';
import { valueText } from '../shared/field-frame';
import type { WidgetLiveProps } from '../types';
import { triggerColumnOf } from './loader-config';
import { useT } from '../../i18n/LanguageProvider';

/**
 * A loader (spec 3 "Loader"): shows nothing on a page. 1000 ms after the page opens it loads the
 * first row of its table or query and writes the mapped columns into the page's fields
 * (loaderMapping 'sourceColumn:componentId' pairs). With a trigger it looks at that input every
 * 500 ms and loads again when its value changes, the row matched on the trigger column.
 */
export function LoaderLive({ component, mode }: WidgetLiveProps<'loader'>) {
  const store = usePageFormStore();
  const t = useT();
  const trigger = component.trigger || NO_LOADER_TRIGGER;
  const triggerColumn = triggerColumnOf(component);
  const pairs = parseLoaderMapping(component.loaderMapping);
  const [ready, setReady] = useState(false);
  const [triggerValue, setTriggerValue] = useState('');

  useEffect(() => {
    const timer = setTimeout(() => setReady(true), LOADER_PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (trigger === NO_LOADER_TRIGGER || store === null) return undefined;
    const read = () => {
      const state = store.getState();
      const input = state.components[trigger];
      setTriggerValue(input === undefined ? '' : valueText(fieldValue(state, input)));
    };
    read();
    const timer = setInterval(read, LOADER_TRIGGER_POLL_MS);
    return () => clearInterval(timer);
  }, [store, trigger]);

  const waitsForInput = trigger !== NO_LOADER_TRIGGER && triggerColumn !== '' && triggerValue.trim() === '';
  const query = { ...FIRST_PAGE, limit: 1, filterColumn: triggerColumn === '' || trigger === NO_LOADER_TRIGGER ? {} : { [triggerColumn]: triggerValue } };
  const { content, live } = useTableContent(component, mode, query, ready && !waitsForInput);
  const row = live && ready && !waitsForInput ? content.filteredResult[0] : undefined;

  useEffect(() => {
    if (store === null || row === undefined) return;
    for (const [id, value] of Object.entries(loaderValues(row, pairs))) store.getState().setValue(id, value);
    // pairs is derived from the component: the row is what changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store, row]);

  if (mode === 'design' || store === null) {
    return (
      <Group gap={6} data-testid="loader">
        <Badge variant="light" color="gray" leftSection={<IconDatabaseImport size={12} />}>{t('datawidgets.loader.badge')}</Badge>
        <Text size="xs" c="dimmed">{component.title === '' ? t('datawidgets.loader.fills', { count: pairs.length }) : component.title}</Text>
      </Group>
    );
  }
  return <span hidden data-testid="loader" data-component={component.id} data-loaded={row === undefined ? 'false' : 'true'} />;
}
