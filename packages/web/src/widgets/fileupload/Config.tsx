import { FILE_FILTERS } from '@rakit/core';
import { ChoiceField, PanelStack, PlaceholderField, RequiredDisabledFields, TitleField } from '../shared/config-fields';
import type { WidgetConfigProps } from '../types';

const FILTER_LABELS: Record<(typeof FILE_FILTERS)[number], string> = { all: 'All', image: 'Image', document: 'Document', video: 'Video' };

export function FileuploadConfig(props: WidgetConfigProps<'fileupload'>) {
  return (
    <PanelStack>
      <TitleField {...props} />
      <PlaceholderField {...props} />
      <ChoiceField
        {...props}
        field="options"
        label="Accepted files"
        description="Document: Word, Excel, PowerPoint, plain text and PDF. Files must be under 2 MB."
        data={FILE_FILTERS.map((value) => ({ value, label: FILTER_LABELS[value] }))}
      />
      <RequiredDisabledFields {...props} />
    </PanelStack>
  );
}
