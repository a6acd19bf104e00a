import { Text } from '@mantine/core';
import { useT } from '../../i18n/LanguageProvider';
import { ColumnsField, DataActionsField, SourceFields } from '../data-source/SourceFields';
import { useSourceScope } from '../data-source/source-scope';
import { PanelStack, TitleField } from '../shared/config-fields';
import type { WidgetConfigProps } from '../types';

/**
 * The barcode widget's panel (spec 3 "Barcode widget"): the table's data-source fields — database,
 * table or custom query, primary key, columns, custom actions. A scan matches the first column.
 */
export function BarcodeConfig(props: WidgetConfigProps<'barcode'>) {
  const t = useT();
  const scope = useSourceScope(props.component);
  return (
    <PanelStack>
      <TitleField {...props} />
      <SourceFields {...props} scope={scope} />
      <ColumnsField {...props} scope={scope} label={t('formwidgets.barcode.columns')} />
      <Text size="xs" c="dimmed">{t('formwidgets.barcode.matchNote')}</Text>
      <DataActionsField {...props} scope={scope} />
    </PanelStack>
  );
}
