import { BUTTON_ACTIONS } from '@rakit/core';
import { ActionList } from '../../actions/ActionList';
import { useAuthoringPage } from '../../actions/authoring-page';
import { actionsOfComponent } from '../../actions/config-of';
import { PanelStack, TitleField, withChanges } from '../shared/config-fields';
import type { ConfigProps } from '../types';

/** The button's text and its actions (spec 2 §2, §4), edited in the Action Management dialog. */
export function ButtonConfig(props: ConfigProps) {
  const page = useAuthoringPage();
  return (
    <PanelStack>
      <TitleField {...props} label="Button text" />
      <ActionList
        actions={actionsOfComponent(props.component)}
        onChange={(actions) => props.onChange(withChanges(props.component, { custom_action: actions }))}
        types={BUTTON_ACTIONS}
        components={page.components}
        pageId={page.pageId}
      />
    </PanelStack>
  );
}
