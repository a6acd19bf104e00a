import { Select } from '@mantine/core';
import { useState } from 'react';
import { useT } from '../../i18n/LanguageProvider';
import { withChanges } from '../shared/config-fields';
import type { ConfigProps } from '../types';
import { EndpointSelect, SourceSwitch } from './SourcePickers';
import { type EndpointChoice, useEndpointChoices } from './source-scope';

/**
 * The panel's part of a dropdown, radio or checkbox whose options come from an endpoint of the
 * application's APIs (issue 40): the endpoint, the column each option shows and the column whose
 * value it gives.
 */

/** The fields of a choice widget these panels edit. */
export interface ApiOptionChoice {
  apiEndpointId: number;
  optionTextColumn: string;
  optionValueColumn: string;
  initValue: string;
}

/**
 * Whether the panel shows an API's options rather than the widget's own: once an endpoint is
 * chosen, and by the panel's choice until one is.
 */
export function useOptionsFromApi(component: Pick<ApiOptionChoice, 'apiEndpointId'>): [fromApi: boolean, choose: (fromApi: boolean) => void] {
  const [chosen, setChosen] = useState(false);
  return [component.apiEndpointId > 0 || chosen, setChosen];
}

type OptionsSource = 'own' | 'api';

/** "Options: Own list | From an API" of a radio or checkbox; back to its own list forgets the endpoint. */
export function OptionsSourceField<C extends ApiOptionChoice>({ component, onChange, fromApi, onChoose }: ConfigProps<C> & { fromApi: boolean; onChoose: (fromApi: boolean) => void }) {
  const t = useT();
  const choose = (next: OptionsSource) => {
    onChoose(next === 'api');
    if (next === 'own' && component.apiEndpointId !== 0) onChange(withChanges<C, ApiOptionChoice>(component, { apiEndpointId: 0 }));
  };
  return (
    <SourceSwitch<OptionsSource>
      label={t('formwidgets.apiOptions.optionsFrom')}
      data={[{ value: 'own', label: t('formwidgets.apiOptions.ownList') }, { value: 'api', label: t('formwidgets.apiOptions.fromApi') }]}
      value={fromApi ? 'api' : 'own'}
      onChange={choose}
    />
  );
}

/** A column of the endpoint, or the column stored though the endpoint no longer names it. */
function columnData(columns: readonly string[], stored: string) {
  return stored === '' || columns.includes(stored) ? [...columns] : [...columns, stored];
}

export function ApiOptionFields<C extends ApiOptionChoice>({ component, onChange }: ConfigProps<C>) {
  const t = useT();
  const list = useEndpointChoices(true);
  const endpoint = list.endpoints.find((e) => e.endpointId === component.apiEndpointId);
  const columns = endpoint?.columns ?? [];
  // Another endpoint keeps the columns it names too; the default of the own options is no option of it.
  const choose = (next: EndpointChoice) => onChange(withChanges<C, ApiOptionChoice>(component, {
    apiEndpointId: next.endpointId,
    optionTextColumn: next.columns.includes(component.optionTextColumn) ? component.optionTextColumn : next.columns[0] ?? '',
    optionValueColumn: next.columns.includes(component.optionValueColumn) ? component.optionValueColumn : '',
    initValue: '',
  }));
  const noEndpoint = component.apiEndpointId === 0;
  return (
    <>
      <EndpointSelect value={component.apiEndpointId} description={t('formwidgets.apiOptions.endpointHint')} {...list} onChoose={choose} />
      <Select
        label={t('formwidgets.apiOptions.textColumn')}
        description={t('formwidgets.apiOptions.textColumnHint')}
        placeholder={t('formwidgets.apiOptions.firstColumn')}
        disabled={noEndpoint}
        data={columnData(columns, component.optionTextColumn)}
        value={component.optionTextColumn === '' ? null : component.optionTextColumn}
        allowDeselect={false}
        onChange={(next) => onChange(withChanges<C, ApiOptionChoice>(component, { optionTextColumn: next ?? '' }))}
      />
      <Select
        label={t('formwidgets.apiOptions.valueColumn')}
        description={t('formwidgets.apiOptions.valueColumnHint')}
        placeholder={t('formwidgets.apiOptions.sameAsShown')}
        disabled={noEndpoint}
        data={columnData(columns, component.optionValueColumn)}
        value={component.optionValueColumn === '' ? null : component.optionValueColumn}
        clearable
        onChange={(next) => onChange(withChanges<C, ApiOptionChoice>(component, { optionValueColumn: next ?? '' }))}
      />
    </>
  );
}
