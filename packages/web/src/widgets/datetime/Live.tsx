import { useT } from '../../i18n/LanguageProvider';
import { useFieldBinding } from '../../page-state/form-state';
import { fieldFrame, placeholderOf } from '../shared/field-frame';
import type { WidgetLiveProps } from '../types';
import { DateField } from './DateField';

/** A date picker (spec 2 §2): the value is held as an ISO date and shown as day/month/year. */
export function DatetimeLive({ component }: WidgetLiveProps<'datetime'>) {
  const t = useT();
  const binding = useFieldBinding(component);
  return <DateField {...fieldFrame(component, binding)} placeholder={placeholderOf(component) ?? t('formwidgets.datetime.placeholder')} value={binding.value} onChange={binding.setValue} />;
}
