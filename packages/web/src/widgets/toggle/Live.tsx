import { MultiChoiceLive } from '../shared/choices';
import type { WidgetLiveProps } from '../types';

/**
 * A switch per option; a switch set Active by default starts with every option on. Its value
 * (realValue) is the options switched on, joined by commas, as a checkbox's.
 */
export const ToggleLive = ({ component }: WidgetLiveProps<'toggle'>) => <MultiChoiceLive component={component} item="switch" />;
