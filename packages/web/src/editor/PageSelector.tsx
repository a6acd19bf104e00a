import { Button, Text, Tooltip } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { SelectorSearch, SELECTOR_CREATE } from '../components/SelectorSearch';
import { useT } from '../i18n/LanguageProvider';
import { editorStore, useEditor } from '../state/editor-store';
import { usePageList, usePageParam } from './use-editor-pages';

const SELECTOR_WIDTH = 300;

/**
 * The page selector (spec 1 §4): 'static' shows the current title; a click makes it 'dynamic'
 * (a search, 'Create New Page' and the pages, reloaded), unless a save or sync is running.
 * Choosing an entry or cancelling (Escape, the cancel button, a click elsewhere) makes it static again.
 */
export function PageSelector({ onCreate }: { onCreate: () => void }) {
  const t = useT();
  const mode = useEditor((state) => state.selectorMode);
  const pageName = useEditor((state) => state.page?.pageName);
  const pageId = useEditor((state) => state.page?.pageId);
  const busy = useEditor((state) => state.sync !== 'synced');
  // Switching to dynamic enables the list, which loads it again (it is stale at once).
  const pages = usePageList(mode === 'dynamic');
  const [, choosePage] = usePageParam();
  const toStatic = () => editorStore.getState().setSelectorMode('static');

  if (mode === 'dynamic') {
    return (
      <SelectorSearch
        items={(pages.data ?? []).map((page) => ({ id: page.pageId, name: page.pageName }))}
        currentId={pageId}
        loading={pages.isFetching}
        width={SELECTOR_WIDTH}
        noun={{ one: t('editor.selector.page'), many: t('editor.selector.pages') }}
        placeholder={t('editor.selector.search')}
        onCancel={toStatic}
        onSubmit={(value) => {
          toStatic();
          if (value === SELECTOR_CREATE) onCreate();
          else choosePage(Number(value));
        }}
      />
    );
  }

  return (
    <Tooltip label={t('editorPageBusy')} disabled={!busy}>
      <Button
        variant="default"
        w={SELECTOR_WIDTH}
        justify="space-between"
        rightSection={<IconChevronDown size={16} />}
        onClick={() => editorStore.getState().setSelectorMode('dynamic')}
        aria-disabled={busy}
        data-testid="page-selector"
        style={busy ? { cursor: 'wait' } : undefined}
      >
        {pageName === undefined ? <Text c="dimmed" size="sm">{t('editor.selector.choose')}</Text> : <Text size="sm" fw={600} truncate>{pageName}</Text>}
      </Button>
    </Tooltip>
  );
}
