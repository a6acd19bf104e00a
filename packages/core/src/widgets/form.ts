import { z } from 'zod';
import { dropdownOptions, splitOptions } from '../rules/option-lists';
import { apiOptionFields, BUTTON_ACTIONS, CustomActionSchema, defineWidget, formFields, longText, shortText } from './common';

/** Form widgets of spec 2 §1–§3, with their defaults at creation. */

export const INPUT_SUBTYPES = ['text', 'number', 'password', 'email', 'tel', 'url'] as const;
const holdsValue = { holdsValue: true };

export const input = defineWidget('input', 'Text Input', { ...formFields, subtype: z.enum(INPUT_SUBTYPES).default('text') },
  { defaults: () => ({ subtype: 'text', required: true }), capabilities: holdsValue });

export const textarea = defineWidget('textarea', 'Textarea', { ...formFields, options: z.coerce.number().int().min(1).max(50).default(2) },
  { defaults: () => ({ options: 2 }), capabilities: holdsValue });

export const datetime = defineWidget('datetime', 'Date Picker', { ...formFields }, { capabilities: holdsValue });

/** Options are a comma-joined list; empty entries are dropped when stored. */
const optionList = shortText.max(5000).default('Option 1,Option 2');
/** Whether a choice widget's options come from an API endpoint: the data's texts, never translated (issue 40). */
const optionsFromEndpoint = (component: Record<string, unknown>) => Number(component.apiEndpointId ?? 0) > 0;
/** A choice widget's options are also its labels; a translation relabels them, the values stay. */
const choiceLabels = (component: Record<string, unknown>) => (optionsFromEndpoint(component) ? [] : splitOptions(String(component.options ?? '')));
/** A form field whose options may come from an API endpoint. */
const choosesFromApi = { ...holdsValue, optionsFromApi: true };
export const checkbox = defineWidget('checkbox', 'Checkbox', { ...formFields, options: optionList, ...apiOptionFields },
  { defaults: () => ({ options: 'Option 1,Option 2' }), capabilities: choosesFromApi, optionLabels: choiceLabels });
export const radio = defineWidget('radio', 'Radio', { ...formFields, options: optionList, ...apiOptionFields },
  { defaults: () => ({ options: 'Option 1,Option 2' }), capabilities: choosesFromApi, optionLabels: choiceLabels });
export const toggle = defineWidget('toggle', 'Switch', { ...formFields, options: optionList },
  { defaults: () => ({ options: 'Option 1,Option 2', initValue: 'Inactive' }), capabilities: holdsValue, optionLabels: choiceLabels });

export const DropdownOptionSchema = z.object({ textOption: shortText, valueOption: shortText });
export const DROPDOWN_SOURCES = ['custom', 'query', 'text'] as const;
export const dropdown = defineWidget('dropdown', 'Dropdown', {
  ...formFields,
  subtype: z.enum(DROPDOWN_SOURCES).default('custom'),
  options: z.union([z.array(DropdownOptionSchema).max(1000), longText]).default([]),
  database_used: z.union([z.number().int(), z.string().max(20)]).default(''),
  query: longText.default(''),
  ...apiOptionFields,
}, {
  defaults: () => ({ subtype: 'custom', options: [{ textOption: 'Option 1', valueOption: '1' }] }),
  capabilities: choosesFromApi,
  // Its own options' texts; a query's or an endpoint's options come from the data, never translated.
  optionLabels: (component) => (optionsFromEndpoint(component) ? [] : dropdownOptions(component.subtype, component.options).map((o) => (o.textOption === '' ? o.valueOption : o.textOption))),
});

export const FILE_FILTERS = ['all', 'image', 'document', 'video'] as const;
export const fileupload = defineWidget('fileupload', 'File Upload', { ...formFields, subtype: shortText.default('photo'), options: z.enum(FILE_FILTERS).default('all') },
  { defaults: () => ({ subtype: 'photo', options: 'all' }), capabilities: holdsValue });

export const TEXT_SUBTYPES = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'paragraph', 'card'] as const;
export const ALIGNMENTS = ['left', 'center', 'right'] as const;
export const text = defineWidget('text', 'Text', {
  subtype: z.enum(TEXT_SUBTYPES).default('h1'),
  options: z.enum(ALIGNMENTS).default('left'),
  link: shortText.default(''),
  /** The author's text colour, '' for the theme's; the editor warns when it is below contrast (page-accessibility). */
  color: z.union([z.literal(''), z.string().regex(/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i)]).default(''),
  variables: z.array(shortText).max(100).default([]),
  /** Its query variables: QUERY actions whose first value fills `{{their name}}` in the text, as the alert's do. */
  custom_action: z.array(CustomActionSchema).max(50).default([]),
}, { defaults: () => ({ subtype: 'h1', options: 'left', link: '' }) });

export const button = defineWidget('button', 'Button', {
  custom_action: z.array(CustomActionSchema.extend({ action: z.enum(BUTTON_ACTIONS) })).max(100).default([]),
  /** After every action ran, the fields of the button's form (its card, else the page) go back to their initial values. */
  clearAfterSuccess: z.boolean().default(true),
}, { defaults: () => ({ custom_action: [], clearAfterSuccess: true }) });
