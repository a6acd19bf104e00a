import { Text } from '@mantine/core';
import type { Component } from '@rakit/core';
import { useDroppable } from '@dnd-kit/core';
import { rectSortingStrategy, SortableContext } from '@dnd-kit/sortable';
import { memo, useMemo } from 'react';
import { layoutGridClasses, layoutGridProps } from '../components/LayoutGrid';
import { useT } from '../i18n/LanguageProvider';
import { ComponentRow } from './ComponentRow';
import { zoneId } from './drop-target';

interface ListProps {
  /** The card holding the list, or null for the page itself. */
  parentId: string | null;
  items: readonly Component[];
  preview: boolean;
}

const GRID = layoutGridProps('xs');

/**
 * One sortable list, laid out on the 12-column grid: the page's components or a card's nested
 * ones. The list is also a drop zone: dropping on it (a card's dashed area, or the board's empty
 * space) puts the component last; dropping on a component, in any row, takes its place.
 */
export const ComponentList = memo(function ComponentList({ parentId, items, preview }: ListProps) {
  const t = useT();
  // The sortable context renders every row again when its ids array changes; keep it while the ids stay.
  const idKey = items.map((component) => component.id).join('\n');
  const ids = useMemo(() => (idKey === '' ? [] : idKey.split('\n')), [idKey]);
  const zone = useDroppable({ id: zoneId(parentId), disabled: preview });
  const inCard = parentId !== null;

  return (
    <SortableContext items={ids} strategy={rectSortingStrategy}>
      <div
        ref={zone.setNodeRef}
        className={GRID.className}
        data-layout-grid
        data-testid={inCard ? 'card-zone' : 'page-zone'}
        style={{
          ...GRID.style,
          minHeight: inCard ? undefined : '55vh',
          ...(inCard && !preview ? {
            padding: 'var(--mantine-spacing-xs)',
            border: `1px dashed var(--mantine-color-${zone.isOver ? 'blue-5' : 'gray-4'})`,
            borderRadius: 'var(--mantine-radius-md)',
            background: zone.isOver ? 'var(--mantine-color-blue-0)' : undefined,
          } : {}),
        }}
      >
        {items.map((component, index) => (
          <ComponentRow key={component.id} component={component} List={ComponentList} first={index === 0} last={index === items.length - 1} preview={preview} />
        ))}
        {inCard && !preview && (
          <Text className={layoutGridClasses.full} size="xs" c={zone.isOver ? 'blue' : 'dimmed'} ta="center" py={4}>{t('editor.board.dropHere')}</Text>
        )}
      </div>
    </SortableContext>
  );
});
