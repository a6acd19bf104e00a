import { FILE_FILTERS, type MessageKey } from '@rakit/core';
import { useT } from '../../i18n/LanguageProvider';
import { ChoiceField, PanelStack, PlaceholderField, RequiredDisabledFields, TitleField } from '../shared/config-fields';
import type { WidgetConfigProps } from '../types';

const FILTER_LABELS: Record<(typeof FILE_FILTERS)[number], MessageKey> = {
  all: 'formwidgets.fileupload.filterAll', image: 'formwidgets.fileupload.filterImage', document: 'formwidgets.fileupload.filterDocument', video: 'formwidgets.fileupload.filterVideo',
};

export function FileuploadConfig(props: WidgetConfigProps<'fileupload'>) {
  const t = useT();
  return (
    <PanelStack>
      <TitleField {...props} />
      <PlaceholderField {...props} />
      <ChoiceField
        {...props}
        field="options"
        label={t('formwidgets.fileupload.accepted')}
        description={t('formwidgets.fileupload.acceptedHint')}
        data={FILE_FILTERS.map((value) => ({ value, label: t(FILTER_LABELS[value]) }))}
      />
      <RequiredDisabledFields {...props} />
    </PanelStack>
  );
}
