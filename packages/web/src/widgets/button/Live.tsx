import { Button, Group } from '@mantine/core';
import { useButtonRun } from '../../actions/use-button-run';
import { useT } from '../../i18n/LanguageProvider';
import type { WidgetLiveProps } from '../types';

/**
 * A button (spec 2 §2, §4). In preview mode a click checks the page's required fields and runs
 * its actions, loading meanwhile; in the editor (design mode) a click does nothing.
 */
export function ButtonLive({ component, mode }: WidgetLiveProps<'button'>) {
  const t = useT();
  const { run, running } = useButtonRun(component, mode);
  return (
    <Group>
      <Button type="button" loading={running} onClick={run}>{component.title === '' ? t('formwidgets.button.defaultTitle') : component.title}</Button>
    </Group>
  );
}
