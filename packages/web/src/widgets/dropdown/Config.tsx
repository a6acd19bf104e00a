import { DROPDOWN_SOURCES, dropdownOptions, formatTextOptions, type MessageKey, type WidgetComponent, databaseCalls } from '@rakit/core';
import { Alert, Select, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useContext } from 'react';
import { CurrentAppContext } from '../../current-app/app-context';
import { useT } from '../../i18n/LanguageProvider';
import { ApiOptionFields, useOptionsFromApi } from '../data-source/ApiOptionFields';
import { SourceSwitch } from '../data-source/SourcePickers';
import {
  PanelStack, PlaceholderField, RequiredDisabledFields, TextAreaField, TitleField, withChanges,
} from '../shared/config-fields';
import type { WidgetConfigProps } from '../types';
import { OptionRowsEditor } from './OptionRowsEditor';

type Dropdown = WidgetComponent<'dropdown'>;

/** Where the options come from: the stored subtype, or an API endpoint (apiEndpointId > 0, issue 40). */
type OptionsSource = Dropdown['subtype'] | 'api';
const SOURCES: readonly OptionsSource[] = [...DROPDOWN_SOURCES, 'api'];
const SOURCE_LABELS: Record<OptionsSource, MessageKey> = {
  custom: 'formwidgets.dropdown.sourceCustom', text: 'formwidgets.dropdown.sourceText', query: 'formwidgets.dropdown.sourceQuery', api: 'formwidgets.dropdown.sourceApi',
};

/** Examples in the fields: SQL and an option list, written the same in every language. */
const QUERY_EXAMPLE = 'SELECT name, id FROM cities';
const TEXT_OPTIONS_EXAMPLE = 'Jakarta:1,Bandung:2';

/** Switching the source keeps the options, rewritten for the new source; the widget's own options forget the endpoint. */
function withSource(component: Dropdown, source: Dropdown['subtype']): Dropdown {
  const options = dropdownOptions(component.subtype, component.options);
  if (source === 'custom') return withChanges(component, { subtype: source, options, apiEndpointId: 0 });
  if (source === 'text') return withChanges(component, { subtype: source, options: formatTextOptions(options), apiEndpointId: 0 });
  return withChanges(component, { subtype: source, apiEndpointId: 0 });
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
      const answer = await current.api.call(databaseCalls.getDbConf, { params: { id: current.app.appId } });
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
  const [fromApi, setFromApi] = useOptionsFromApi(component);
  const source = component.subtype;
  const options = dropdownOptions(source, component.options);
  const { initValue } = component;
  // Options are a list (custom) or 'text:value' text (text); switching the source rewrites them.
  const optionText = typeof component.options === 'string' ? component.options : formatTextOptions(options);
  const choose = (next: OptionsSource) => {
    setFromApi(next === 'api');
    // An API's options keep the own list for a way back: a query's options are none, so its list is the custom one.
    const changed = next === 'api' ? (source === 'query' ? withSource(component, 'custom') : component) : withSource(component, next);
    if (changed.subtype !== component.subtype || changed.options !== component.options || changed.apiEndpointId !== component.apiEndpointId) onChange(changed);
  };
  return (
    <PanelStack>
      <TitleField {...props} />
      <PlaceholderField {...props} />
      <SourceSwitch<OptionsSource>
        label={t('formwidgets.dropdown.optionsFrom')}
        data={SOURCES.map((value) => ({ value, label: t(SOURCE_LABELS[value]) }))}
        value={fromApi ? 'api' : source}
        onChange={choose}
      />
      {fromApi ? <ApiOptionFields {...props} /> : null}
      {!fromApi && source === 'custom' ? (
        <OptionRowsEditor value={typeof component.options === 'string' ? options : component.options} onChange={(next) => onChange(withChanges(component, { options: next }))} />
      ) : null}
      {!fromApi && source === 'text' ? (
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
      {!fromApi && source === 'query' ? <QuerySourceFields {...props} /> : null}
      {fromApi || source === 'query' ? null : (
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
