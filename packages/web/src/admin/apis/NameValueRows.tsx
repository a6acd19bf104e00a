import { TextInput } from '@mantine/core';
import type { NameValue } from '@rakit/core';
import type { ReactNode } from 'react';
import { RowList } from '../../actions/RowList';
import { useT } from '../../i18n/LanguageProvider';

interface NameValueRowsProps {
  label: string;
  /** What a row is ('header'), naming its fields and its remove button: 'Name of header 2'. */
  rowName: string;
  rows: readonly NameValue[];
  onChange: (rows: NameValue[]) => void;
  addLabel: string;
  emptyText: string;
  description?: ReactNode;
}

const blankRow = (): NameValue => ({ name: '', value: '' });

/** Name/value rows edited in place (an API's default headers, an endpoint's query and headers), each field named by its row. */
export function NameValueRows({ label, rowName, rows, onChange, addLabel, emptyText, description }: NameValueRowsProps) {
  const t = useT();
  return (
    <RowList label={label} rowName={rowName} rows={rows} onChange={onChange} newRow={blankRow} addLabel={addLabel} emptyText={emptyText} description={description}>
      {(row, set, index) => (
        <>
          <TextInput
            flex={1}
            miw={0}
            aria-label={t('admin.apis.rowNameOf', { name: rowName, position: index + 1 })}
            placeholder={t('admin.apis.rowName')}
            value={row.name}
            onChange={(event) => set({ ...row, name: event.currentTarget.value })}
            autoComplete="off"
          />
          <TextInput
            flex={1}
            miw={0}
            aria-label={t('admin.apis.rowValueOf', { name: rowName, position: index + 1 })}
            placeholder={t('admin.apis.rowValue')}
            value={row.value}
            onChange={(event) => set({ ...row, value: event.currentTarget.value })}
            autoComplete="off"
          />
        </>
      )}
    </RowList>
  );
}
