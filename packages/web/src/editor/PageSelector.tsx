import { Button, CloseButton, Combobox, Group, Text, TextInput, Tooltip, useCombobox } from '@mantine/core';
import { Messages, type PageSummary } from '@rakit/core';
import { IconCheck, IconChevronDown, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { editorStore, useEditor } from './store';
import { usePageList, usePageParam } from './use-editor-pages';

const CREATE = '__create__';
const SELECTOR_WIDTH = 300;

/**
 * The page selector (spec 1 §4): 'static' shows the current title; a click makes it 'dynamic'
 * (a search, 'Create New Page' and the pages, reloaded), unless a save or sync is running.
 * Choosing an entry or cancelling (Escape, the cancel button, a click elsewhere) makes it static again.
 */
export function PageSelector({ onCreate }: { onCreate: () => void }) {
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
      <PageSearch
        pages={pages.data ?? []}
        currentId={pageId}
        loading={pages.isFetching}
        onCancel={toStatic}
        onSubmit={(value) => {
          toStatic();
          if (value === CREATE) onCreate();
          else choosePage(Number(value));
        }}
      />
    );
  }

  return (
    <Tooltip label={Messages.editorPageBusy} disabled={!busy}>
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
        {pageName === undefined ? <Text c="dimmed" size="sm">Please Select Page</Text> : <Text size="sm" fw={600} truncate>{pageName}</Text>}
      </Button>
    </Tooltip>
  );
}

interface PageSearchProps {
  pages: readonly PageSummary[];
  currentId: number | undefined;
  loading: boolean;
  onCancel: () => void;
  onSubmit: (value: string) => void;
}

function PageSearch({ pages, currentId, loading, onCancel, onSubmit }: PageSearchProps) {
  const [search, setSearch] = useState('');
  const combobox = useCombobox({ defaultOpened: true, onDropdownClose: onCancel });
  const wanted = search.trim().toLowerCase();
  const shown = pages.filter((page) => page.pageName.toLowerCase().includes(wanted));

  return (
    <Combobox store={combobox} onOptionSubmit={onSubmit} width={SELECTOR_WIDTH} position="bottom-start">
      <Combobox.Target>
        <TextInput
          w={SELECTOR_WIDTH}
          autoFocus
          placeholder="Search page you want to add ?"
          aria-label="Search page"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            combobox.updateSelectedOptionIndex();
          }}
          onBlur={() => combobox.closeDropdown()}
          rightSection={<CloseButton size="sm" aria-label="Cancel" onMouseDown={(event) => event.preventDefault()} onClick={onCancel} />}
        />
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Options mah={360} style={{ overflowY: 'auto' }} aria-label="Pages">
          <Combobox.Option value={CREATE}>
            <Group gap={6} c="blue" fw={600}><IconPlus size={16} />Create New Page</Group>
          </Combobox.Option>
          {shown.map((page) => (
            <Combobox.Option key={page.pageId} value={String(page.pageId)} active={page.pageId === currentId}>
              <Group gap={6} justify="space-between" wrap="nowrap">
                {page.pageName}
                {page.pageId === currentId && <IconCheck size={14} aria-hidden />}
              </Group>
            </Combobox.Option>
          ))}
          {shown.length === 0 && <Combobox.Empty>{loading ? 'Loading pages…' : 'No page found'}</Combobox.Empty>}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
