import { Group, NativeSelect, TextInput } from '@mantine/core';
import { TABLE_PAGE_SIZE, TABLE_PAGE_SIZES } from '@rakit/core';
import { memo, useState } from 'react';
import { useT } from '../../i18n/LanguageProvider';

interface PageControlsProps {
  limit: number;
  onLimit: (limit: number) => void;
  /** The pages there are, when the count is exact; null offers no "go to page" (a capped or pending count). */
  pageCount: number | null;
  onPage: (page: number) => void;
}

const SIZES = TABLE_PAGE_SIZES.map(String);

/**
 * Under a table, beside its pager (issue 32): how many rows a page shows (20, 50 or 100, kept
 * with the table's state) and, while the count is exact, a page number to go to.
 */
export const PageControls = memo(function PageControls({ limit, onLimit, pageCount, onPage }: PageControlsProps) {
  const t = useT();
  const [target, setTarget] = useState('');
  const sizeChoices = SIZES.map((value) => ({ value, label: t('datawidgets.table.perPage', { size: value }) }));
  const go = () => {
    const page = Number(target);
    if (pageCount === null || !Number.isInteger(page) || page < 1 || page > pageCount) return;
    onPage(page);
    setTarget('');
  };
  return (
    <Group gap="xs" wrap="nowrap">
      {/* Native: a phone shows its own picker, and the first load does not carry Mantine's combobox. */}
      <NativeSelect
        size="xs" w={112} aria-label={t('datawidgets.table.rowsPerPage')} data={sizeChoices} value={String(SIZES.includes(String(limit)) ? limit : TABLE_PAGE_SIZE)}
        onChange={(event) => onLimit(Number(event.currentTarget.value))}
      />
      {pageCount !== null && pageCount > 1 ? (
        // A plain number field: the phone shows its number pad, and a member's first load does
        // not carry Mantine's NumberInput and its formatting library (issue 35's budget).
        <TextInput
          size="xs" w={96} type="number" inputMode="numeric" aria-label={t('datawidgets.table.goToPage')} placeholder={t('datawidgets.table.goToPage')} min={1} max={pageCount} step={1}
          value={target} onChange={(event) => setTarget(event.currentTarget.value)} onKeyDown={(event) => { if (event.key === 'Enter') go(); }} onBlur={go}
        />
      ) : null}
    </Group>
  );
});
