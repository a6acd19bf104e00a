import { MultiChoiceLive } from '../shared/choices';
import type { WidgetLiveProps } from '../types';

/** Checkboxes, one per option; realValue is the checked options joined by commas (spec 2 §2). */
export const CheckboxLive = ({ component }: WidgetLiveProps<'checkbox'>) => <MultiChoiceLive component={component} item="checkbox" />;
