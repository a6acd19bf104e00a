import { type Component, componentIn, labelsIn, widgetModel } from '@rakit/core';
import { useMemo } from 'react';
import { useLanguage } from '../i18n/LanguageProvider';

/**
 * The component as the reader's catalog shows it (issue 35): the author's translated title and
 * placeholder. Only the face gets it; values, actions and the board's tests keep the component
 * itself, keyed by its id. The same object while component and catalog stay the same, so a face's
 * hooks keyed on it do not run again.
 */
export function useShownComponent<C extends Component>(component: C): C {
  const { language } = useLanguage();
  return useMemo(() => componentIn(component, language), [component, language]);
}

/**
 * The labels a reader sees for the widget's options or columns (its model's optionLabels), each
 * position the author translated into the reader's catalog relabelled. Values stay the author's.
 */
export function useOptionLabels(component: Component): string[] {
  const { language } = useLanguage();
  return useMemo(() => labelsIn(widgetModel(component.type)?.optionLabels?.(component) ?? [], component, language), [component, language]);
}
