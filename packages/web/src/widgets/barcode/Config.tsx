import { Text } from '@mantine/core';
import { ColumnsField, DataActionsField, SourceFields } from '../data-source/SourceFields';
import { useSourceScope } from '../data-source/source-scope';
import { PanelStack, TitleField } from '../shared/config-fields';
import type { WidgetConfigProps } from '../types';

/**
 * The barcode widget's panel (spec 3 "Barcode widget"): the table's data-source fields — database,
 * table or custom query, primary key, columns, custom actions. A scan matches the first column.
 */
export function BarcodeConfig(props: WidgetConfigProps<'barcode'>) {
  const scope = useSourceScope(props.component);
  return (
    <PanelStack>
      <TitleField {...props} />
      <SourceFields {...props} scope={scope} />
      <ColumnsField {...props} scope={scope} label="Columns (mapping)" />
      <Text size="xs" c="dimmed">A scanned code is matched exactly, ignoring case, against the first column; the first custom action then runs with the row found.</Text>
      <DataActionsField {...props} scope={scope} />
    </PanelStack>
  );
}
