import { Input, SegmentedControl, Select, Stack } from '@mantine/core';
import { useId } from 'react';
import { useT } from '../../i18n/LanguageProvider';
import type { EndpointChoice, EndpointList } from './source-scope';

interface EndpointSelectProps extends EndpointList {
  /** The endpoint chosen (apiEndpointId; 0: none yet). */
  value: number;
  /** What the endpoint gives the widget, under the field. */
  description: string;
  onChoose: (endpoint: EndpointChoice) => void;
}

/**
 * An endpoint of the application's APIs, as "API › endpoint" (issue 40): what a data widget's
 * rows or a choice widget's options come from. A saved id no longer listed is kept and shown.
 */
export function EndpointSelect({ value, description, endpoints, loading, failed, onChoose }: EndpointSelectProps) {
  const t = useT();
  const data = endpoints.map((e) => ({ value: String(e.endpointId), label: e.label }));
  if (value > 0 && !loading && !data.some((d) => d.value === String(value))) {
    data.push({ value: String(value), label: t('datawidgets.source.endpointNumber', { id: String(value) }) });
  }
  const choose = (next: string | null) => {
    const endpoint = endpoints.find((e) => String(e.endpointId) === next);
    if (endpoint !== undefined && endpoint.endpointId !== value) onChoose(endpoint);
  };
  return (
    <Select
      label={t('datawidgets.source.endpoint')}
      description={description}
      placeholder={loading ? t('datawidgets.source.loading') : t('datawidgets.source.chooseEndpoint')}
      data={data}
      value={value > 0 ? String(value) : null}
      searchable
      allowDeselect={false}
      nothingFoundMessage={t('datawidgets.source.noEndpoint')}
      error={failed ? t('datawidgets.source.endpointsFailed') : !loading && endpoints.length === 0 ? t('datawidgets.source.noEndpoint') : undefined}
      onChange={choose}
    />
  );
}

/**
 * Where a widget's rows or options come from, as a row of buttons named by `label` (a radio
 * group to assistive technology): a data widget's Database or API, a choice widget's own list or API.
 */
export function SourceSwitch<V extends string>({ label, data, value, onChange }: {
  label: string;
  data: readonly { value: V; label: string }[];
  value: V;
  onChange: (next: V) => void;
}) {
  const labelId = useId();
  return (
    <Stack gap={4}>
      <Input.Label id={labelId}>{label}</Input.Label>
      <SegmentedControl fullWidth size="xs" aria-labelledby={labelId} data={[...data]} value={value} onChange={(next) => onChange(next as V)} />
    </Stack>
  );
}
