import { MultiChoiceLive } from '../shared/choices';
import type { LiveProps } from '../types';

/** Checkboxes, one per option; realValue is the checked options joined by commas (spec 2 §2). */
export const CheckboxLive = ({ component }: LiveProps) => <MultiChoiceLive component={component} item="checkbox" />;
