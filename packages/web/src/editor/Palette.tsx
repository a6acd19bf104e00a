import { Paper, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { useDraggable } from '@dnd-kit/core';
import type { WidgetType } from '@rakit/core';
import { memo, type MouseEvent, useMemo } from 'react';
import { useT } from '../i18n/LanguageProvider';
import { widgetDefinitions } from '../widgets/registry';
import type { StoredWidgetDefinition } from '../widgets/types';
import { addedWords } from './board-announcements';
import { announceOnBoard } from './BoardAnnouncer';
import { focusComponentHandle } from './board-focus';
import { type DragSource, paletteId } from './drop-target';
import { editorStore, useEditor } from '../state/editor-store';
import { widgetName } from './widget-names';

/** The narrowest an entry of a strip gets: its label, in two lines at most. */
const PALETTE_ENTRY_MIN_WIDTH = 62;

/**
 * A palette entry was clicked, or pressed with Enter or Space: a new component at the end of the
 * page, announced. Pressed by keyboard (a click without a pointer, `detail` 0), the focus goes
 * to the new component, whose drag handle moves it on from there.
 */
function addFromPalette(type: WidgetType, label: string, event: MouseEvent) {
  const id = editorStore.getState().addComponent(type, label);
  if (id === null) return;
  announceOnBoard(addedWords(editorStore.getState().history.present, id));
  if (event.detail === 0) focusComponentHandle(id);
}

/**
 * The widget types, by icon and label: a click (or Enter or Space) adds one at the end of the
 * page, a drag puts it where it is dropped. A `strip` runs across the top of the page (the runtime edit mode), as many
 * entries a row as fit.
 */
export function Palette({ strip = false }: { strip?: boolean }) {
  const t = useT();
  const noPage = useEditor((state) => state.page === null);
  return (
    <Paper withBorder radius="md" p="xs" component="section" aria-label={t('editor.palette.label')}>
      <Text size="xs" fw={700} c="dimmed" tt="uppercase" mb={6} px={4}>{t('editor.palette.label')}</Text>
      {noPage && <Text size="xs" c="dimmed" px={4} mb={6}>{t('editor.palette.noPage')}</Text>}
      {/* Two columns beside the board (md and up); a wider grid above it on narrow screens and in a strip. */}
      <SimpleGrid cols={{ base: 4, xs: 6, sm: 8, md: 2 }} minColWidth={strip ? PALETTE_ENTRY_MIN_WIDTH : undefined} spacing={6} verticalSpacing={6}>
        {widgetDefinitions.map((definition) => <PaletteEntry key={definition.type} definition={definition} disabled={noPage} />)}
      </SimpleGrid>
    </Paper>
  );
}

const PaletteEntry = memo(function PaletteEntry({ definition, disabled }: { definition: StoredWidgetDefinition; disabled: boolean }) {
  const t = useT();
  const { type, icon: Icon } = definition;
  // The name the catalog gives the type: also the new component's first title ("Text 1").
  const label = widgetName(type, t);
  const source = useMemo<DragSource>(() => ({ kind: 'palette', type, label }), [type, label]);
  const { setNodeRef, listeners, isDragging } = useDraggable({ id: paletteId(type), data: source, disabled });
  // Enter and Space click the entry (add it) instead of starting a keyboard drag.
  const { onKeyDown: _keyboardDrag, ...pointer } = listeners ?? {};
  return (
    <UnstyledButton
      ref={setNodeRef}
      {...pointer}
      disabled={disabled}
      onClick={(event) => addFromPalette(type, label, event)}
      data-palette-type={type}
      title={label}
      p={6}
      style={{
        border: '1px solid var(--mantine-color-gray-3)',
        borderRadius: 'var(--mantine-radius-sm)',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 2,
        opacity: disabled ? 0.45 : isDragging ? 0.6 : 1,
        cursor: disabled ? 'not-allowed' : 'grab',
        touchAction: 'none',
        background: 'var(--mantine-color-white)',
      }}
    >
      <Icon size={18} />
      <Text size="10px" lh={1.2} ta="center" style={{ wordBreak: 'break-word' }}>{label}</Text>
    </UnstyledButton>
  );
});
