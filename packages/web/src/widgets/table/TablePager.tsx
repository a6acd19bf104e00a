import { Button, Group, Text, VisuallyHidden } from '@mantine/core';
import { fromEndLabel, type PagerItem, tablePager, type TablePagerInput } from '@rakit/core';
import { memo, useId } from 'react';
import { type Translate, useT } from '../../i18n/LanguageProvider';

/** Where a click on the pager goes; the table turns each into a load (by key where it can). */
export interface PagerMoves {
  /** A page number: the first page, or a jump. */
  onPage: (page: number) => void;
  onNext: () => void;
  onPrev: () => void;
  /** The last page, read from the end by key. */
  onLast: () => void;
}

/** What a screen reader calls a pager button: the first and last pages as such, each containing its visible label. */
const pagerItemName = (t: Translate, item: number | { fromEnd: number }) => {
  if (typeof item === 'number') return item === 1 ? t('datawidgets.table.pageFirst') : t('datawidgets.table.pageNumber', { page: String(item) });
  if (item.fromEnd === 1) return t('datawidgets.table.pageLast');
  const label = fromEndLabel(item.fromEnd);
  return t('datawidgets.table.pageNumber', { page: t(label.key, label.values) });
};

const itemKey = (item: PagerItem, i: number) => (item === 'ellipsis' ? `gap-${i}` : typeof item === 'number' ? `page-${item}` : `end-${item.fromEnd}`);

/**
 * Prev, the page numbers of the table pager rule (ellipses for gaps), Next. When the count
 * stopped at its cap the last page has no number: Last reads it from the end by key, and
 * the pages reached from there are labelled from the end ("Last − 1"). Where the last page
 * cannot be reached at all (`lastUnreachable`, issue 40: an API that does not say how many rows
 * it has, or one that goes from page to page by cursor), Last is shown disabled, saying why.
 */
export const TablePager = memo(function TablePager({ onPage, onNext, onPrev, onLast, lastUnreachable = false, ...loaded }: TablePagerInput & PagerMoves & { lastUnreachable?: false | 'unknown' | 'sequential' }) {
  const t = useT();
  const whyNoLast = useId();
  const { page, pageCount, countCapped } = loaded;
  const { items, hasPrev, hasNext } = tablePager(loaded);
  const current = countCapped ? loaded.fromEnd : undefined;
  const isCurrent = (item: number | { fromEnd: number }) =>
    (typeof item === 'number' ? current === undefined && item === page : current === item.fromEnd);
  const choose = (item: number | { fromEnd: number }) => {
    if (typeof item !== 'number') {
      if (item.fromEnd === 1) onLast();
      return;
    }
    // A neighbour or the last page is read by key; any other number is a jump.
    if (current === undefined && item === page + 1) onNext();
    else if (current === undefined && item === page - 1 && item > 1) onPrev();
    else if (!countCapped && item === pageCount && item > 1) onLast();
    else onPage(item);
  };
  return (
    <Group gap={4} justify="flex-end" aria-label={t('datawidgets.table.pages')} role="navigation">
      <Button size="compact-sm" variant="default" disabled={!hasPrev} onClick={onPrev}>{t('datawidgets.table.prev')}</Button>
      {items.map((item, i) => (item === 'ellipsis'
        ? <Text key={itemKey(item, i)} size="sm" c="dimmed" px={4}>…</Text>
        : (
          <Button
            key={itemKey(item, i)}
            size="compact-sm"
            variant={isCurrent(item) ? 'filled' : 'default'}
            aria-current={isCurrent(item) ? 'page' : undefined}
            aria-label={pagerItemName(t, item)}
            onClick={() => choose(item)}
          >
            {typeof item === 'number' ? item : t(fromEndLabel(item.fromEnd).key, fromEndLabel(item.fromEnd).values)}
          </Button>
        )))}
      {lastUnreachable !== false ? (
        <>
          <Button size="compact-sm" variant="default" disabled aria-label={t('datawidgets.table.pageLast')} aria-describedby={whyNoLast}>{t('datawidgets.table.pagerLast')}</Button>
          <VisuallyHidden id={whyNoLast}>{t(lastUnreachable === 'sequential' ? 'datawidgets.table.lastSequential' : 'datawidgets.table.lastUnknown')}</VisuallyHidden>
        </>
      ) : null}
      <Button size="compact-sm" variant="default" disabled={!hasNext} onClick={onNext}>{t('datawidgets.table.next')}</Button>
    </Group>
  );
});
