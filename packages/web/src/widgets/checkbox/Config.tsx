import { ApiOptionFields, OptionsSourceField, useOptionsFromApi } from '../data-source/ApiOptionFields';
import { DefaultChoiceField, OptionsField } from '../shared/choices';
import { PanelStack, RequiredDisabledFields, TitleField } from '../shared/config-fields';
import type { WidgetConfigProps } from '../types';

export function CheckboxConfig(props: WidgetConfigProps<'checkbox'>) {
  const [fromApi, setFromApi] = useOptionsFromApi(props.component);
  return (
    <PanelStack>
      <TitleField {...props} />
      <OptionsSourceField {...props} fromApi={fromApi} onChoose={setFromApi} />
      {fromApi ? <ApiOptionFields {...props} /> : (
        <>
          <OptionsField {...props} />
          <DefaultChoiceField {...props} multiple />
        </>
      )}
      <RequiredDisabledFields {...props} />
    </PanelStack>
  );
}
