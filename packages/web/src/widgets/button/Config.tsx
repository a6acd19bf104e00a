import { BUTTON_ACTIONS, type CustomAction, type WidgetComponent } from '@rakit/core';
import { ActionList } from '../../actions/ActionList';
import { useAuthoringPage } from '../../actions/authoring-page';
import { useT } from '../../i18n/LanguageProvider';
import { PanelStack, SwitchField, TitleField, withChanges } from '../shared/config-fields';
import type { WidgetConfigProps } from '../types';

type ButtonAction = WidgetComponent<'button'>['custom_action'][number];
/** The dialog offers BUTTON_ACTIONS only; this says so to the type of the button's list. */
const isButtonAction = (action: CustomAction): action is ButtonAction => (BUTTON_ACTIONS as readonly string[]).includes(action.action);

/** The button's text and its actions (spec 2 §2, §4), edited in the Action Management dialog. */
export function ButtonConfig(props: WidgetConfigProps<'button'>) {
  const t = useT();
  const page = useAuthoringPage();
  return (
    <PanelStack>
      <TitleField {...props} label={t('formwidgets.button.text')} />
      <ActionList
        actions={props.component.custom_action}
        onChange={(actions) => props.onChange(withChanges(props.component, { custom_action: actions.filter(isButtonAction) }))}
        types={BUTTON_ACTIONS}
        components={page.components}
        pageId={page.pageId}
      />
      <SwitchField
        {...props}
        field="clearAfterSuccess"
        label={t('formwidgets.button.clearAfterSuccess')}
        description={t('formwidgets.button.clearAfterSuccessHint')}
      />
    </PanelStack>
  );
}
