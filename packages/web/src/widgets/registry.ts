import { WIDGET_TYPES, widgetLabel, type WidgetType } from '@rakit/core';
import { IconSquare } from '@tabler/icons-react';
import { addressWidget } from './address';
import { alertWidget } from './alert';
import { barcodeWidget } from './barcode';
import { buttonWidget } from './button';
import { cardWidget } from './card';
import { chartWidget } from './chart';
import { checkboxWidget } from './checkbox';
import { datetimeWidget } from './datetime';
import { dropdownWidget } from './dropdown';
import { fileuploadWidget } from './fileupload';
import { inputWidget } from './input';
import { kanbanWidget } from './kanban';
import { LaterReleaseConfig, LaterReleaseLive } from './LaterRelease';
import { loaderWidget } from './loader';
import { qrcodeReaderWidget } from './qrcodeReader';
import { pdfextractorWidget } from './pdfextractor';
import { radioWidget } from './radio';
import { schoolWidget } from './school';
import { schooladdressWidget } from './schooladdress';
import { tableWidget } from './table';
import { textWidget } from './text';
import { textareaWidget } from './textarea';
import { toggleWidget } from './toggle';
import type { StoredWidgetDefinition, WidgetDefinition } from './types';

/** Any one type's definition. */
type BuiltWidget = { [T in WidgetType]: WidgetDefinition<T> }[WidgetType];

/**
 * Every widget type of core's registry, in its order. A built widget lives in its own
 * folder (`widgets/<type>/index.ts` exporting its WidgetDefinition) and is listed in `built`;
 * the others show the later-release face so a page holding them never breaks.
 */
const built: readonly BuiltWidget[] = [
  inputWidget, textareaWidget, datetimeWidget, checkboxWidget, toggleWidget, radioWidget, dropdownWidget,
  fileuploadWidget, textWidget, buttonWidget, cardWidget, tableWidget, chartWidget, alertWidget, kanbanWidget, loaderWidget,
  barcodeWidget, qrcodeReaderWidget, pdfextractorWidget, addressWidget, schoolWidget, schooladdressWidget,
];

/**
 * The one place a definition's faces are handed a component of any type. Sound because a
 * component reaches the definition of its own `type` only, and every component is of its
 * type's model: parsed by ComponentSchema (its union picks the schema by `type`), made by
 * createComponent, or changed by its own Config.
 */
const stored = (definition: BuiltWidget): StoredWidgetDefinition => ({ ...definition, label: widgetLabel(definition.type) } as unknown as StoredWidgetDefinition);

const byType = new Map<WidgetType, StoredWidgetDefinition>(built.map((definition) => [definition.type, stored(definition)]));

export const widgetDefinitions: readonly StoredWidgetDefinition[] = WIDGET_TYPES.map((type) => byType.get(type) ?? {
  type,
  label: widgetLabel(type),
  icon: IconSquare,
  Live: LaterReleaseLive,
  Config: LaterReleaseConfig,
});

const definitionByType = new Map(widgetDefinitions.map((d) => [d.type, d]));
export const widgetDefinition = (type: WidgetType): StoredWidgetDefinition => definitionByType.get(type) as StoredWidgetDefinition;
