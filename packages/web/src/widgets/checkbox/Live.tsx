import { ApiOptionsFailure, OptionsLoading } from '../data-source/ApiOptionsNotes';
import { shownChoices, useApiOptions } from '../data-source/api-options';
import { MultiChoiceLive } from '../shared/choices';
import type { WidgetLiveProps } from '../types';

/**
 * Checkboxes, one per option: its own, or an API endpoint's (issue 40, each labelled by its text);
 * realValue is the checked options' values joined by commas (spec 2 §2).
 */
export function CheckboxLive({ component, mode }: WidgetLiveProps<'checkbox'>) {
  const api = useApiOptions(component, mode);
  return (
    <>
      <ApiOptionsFailure state={api} />
      <MultiChoiceLive
        component={component}
        item="checkbox"
        {...(api.fromApi ? { choices: shownChoices(api.options), description: api.note, status: api.loading ? <OptionsLoading /> : null } : {})}
      />
    </>
  );
}
