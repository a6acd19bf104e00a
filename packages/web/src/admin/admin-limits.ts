/** Pickers of the administration screens (spec 1 §9). */
export const GROUP_PICKER_LIMIT = 20;
/** The group picker of the menu screen shows fewer groups. */
export const MENU_GROUP_PICKER_LIMIT = 10;
export const USER_PICKER_LIMIT = 20;
/** Typing pauses this long before a search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;
