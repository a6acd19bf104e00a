import { DROPDOWN_SOURCES, dropdownOptions, formatTextOptions, type MessageKey, type WidgetComponent } from '@rakit/core';
import { Alert, Select, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useContext } from 'react';
import { CurrentAppContext } from '../../current-app/app-context';
import { useT } from '../../i18n/LanguageProvider';
import {
  ChoiceField, PanelStack, PlaceholderField, RequiredDisabledFields, TextAreaField, TitleField, withChanges,
} from '../shared/config-fields';
import type { WidgetConfigProps } from '../types';
import { OptionRowsEditor } from './OptionRowsEditor';

const SOURCE_LABELS: Record<(typeof DROPDOWN_SOURCES)[number], MessageKey> = {
  custom: 'formwidgets.dropdown.sourceCustom', text: 'formwidgets.dropdown.sourceText', query: 'formwidgets.dropdown.sourceQuery',
};
/** Examples in the fields: SQL and an option list, written the same in every language. */
const QUERY_EXAMPLE = 'SELECT name, id FROM cities';
const TEXT_OPTIONS_EXAMPLE = 'Jakarta:1,Bandung:2';

type Dropdown = WidgetComponent<'dropdown'>;

/** Switching the source keeps the options, rewritten for the new source. */
function withSource(component: Dropdown, source: Dropdown['subtype']): Dropdown {
  const options = dropdownOptions(component.subtype, component.options);
  if (source === 'custom') return withChanges(component, { subtype: source, options });
  if (source === 'text') return withChanges(component, { subtype: source, options: formatTextOptions(options) });
  return withChanges(component, { subtype: source });
}

/** The database whose stored query gives the options; the query runs with the actions release. */
function QuerySourceFields(props: WidgetConfigProps<'dropdown'>) {
  const { component, onChange } = props;
  const t = useT();
  const current = useContext(CurrentAppContext);
  const databases = useQuery({
    queryKey: ['databases', current?.app.appSlug],
    enabled: current !== null,
    queryFn: async () => {
      if (current === null) return [];
      const answer = await current.api.getDbConf(current.app.appId);
      if (!answer.status) throw new Error(answer.error?.[0] ?? 'databases not loaded');
      return answer.data ?? [];
    },
  });
  const chosen = String(component.database_used);
  return (
    <>
      <Select
        label={t('formwidgets.dropdown.database')}
        placeholder={databases.isPending && current !== null ? t('formwidgets.dropdown.loading') : t('formwidgets.dropdown.chooseDatabase')}
        data={(databases.data ?? []).map((db) => ({ value: String(db.dbId), label: db.dbDatabase }))}
        value={chosen === '' ? null : chosen}
        onChange={(next) => onChange(withChanges(component, { database_used: next === null ? '' : Number(next) }))}
        nothingFoundMessage={t('formwidgets.dropdown.noDatabase')}
        error={databases.isError ? t('formwidgets.dropdown.databasesFailed') : undefined}
      />
      <TextAreaField {...props} field="query" label={t('formwidgets.dropdown.query')} placeholder={QUERY_EXAMPLE} description={t('formwidgets.dropdown.queryHint')} rows={3} />
      <Alert variant="light" color="blue"><Text size="sm">{t('formwidgets.dropdown.queryNote')}</Text></Alert>
    </>
  );
}

export function DropdownConfig(props: WidgetConfigProps<'dropdown'>) {
  const t = useT();
  const { component, onChange } = props;
  const source = component.subtype;
  const options = dropdownOptions(source, component.options);
  const { initValue } = component;
  // Options are a list (custom) or 'text:value' text (text); switching the source rewrites them.
  const optionText = typeof component.options === 'string' ? component.options : formatTextOptions(options);
  return (
    <PanelStack>
      <TitleField {...props} />
      <PlaceholderField {...props} />
      <ChoiceField
        component={component}
        onChange={(next) => onChange(withSource(component, next.subtype))}
        field="subtype"
        label={t('formwidgets.dropdown.optionsFrom')}
        data={DROPDOWN_SOURCES.map((value) => ({ value, label: t(SOURCE_LABELS[value]) }))}
      />
      {source === 'custom' ? (
        <OptionRowsEditor value={typeof component.options === 'string' ? options : component.options} onChange={(next) => onChange(withChanges(component, { options: next }))} />
      ) : null}
      {source === 'text' ? (
        <TextAreaField
          component={{ ...component, options: optionText }}
          onChange={onChange}
          field="options"
          label={t('formwidgets.dropdown.options')}
          placeholder={TEXT_OPTIONS_EXAMPLE}
          description={t('formwidgets.dropdown.optionsHint')}
          rows={3}
        />
      ) : null}
      {source === 'query' ? <QuerySourceFields {...props} /> : null}
      {source === 'query' ? null : (
        <Select
          label={t('formwidgets.common.defaultValue')}
          placeholder={t('formwidgets.dropdown.noneSelected')}
          data={options.map((o) => ({ value: o.valueOption, label: o.textOption === '' ? o.valueOption : o.textOption }))}
          value={options.some((o) => o.valueOption === initValue) ? initValue : null}
          onChange={(next) => onChange(withChanges(component, { initValue: next ?? '' }))}
          clearable
        />
      )}
      <RequiredDisabledFields {...props} />
    </PanelStack>
  );
}
