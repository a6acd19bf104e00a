import type { Menu, NameTranslations } from '@rakit/core';

/** One line of a parent menu's table: the parent itself first, then its sub-menus. */
export interface MenuRow {
  menuId: number;
  label: string;
  /** Its own name, and that name in other catalogs (issue 35). */
  menuName: string;
  nameTranslations: NameTranslations;
  /** 0 when the menu shows no page. */
  menuPageId: number;
  pageName: string;
  /** The menu's revision as listed: the base of a change of its page (issue 33). */
  revision: number;
}

/**
 * The lines of a parent menu's table; the parent's label is `parentLabel` of its name
 * ('{name} ( Parent Menu )', spec 1 screen 8, in the reader's language).
 */
export function menuRows(parent: Menu, parentLabel: (name: string) => string): MenuRow[] {
  return [
    {
      menuId: parent.menuId, label: parentLabel(parent.menuName), menuName: parent.menuName, nameTranslations: parent.nameTranslations,
      menuPageId: parent.menuPageId, pageName: parent.pageName, revision: parent.revision,
    },
    ...parent.submenu.map((sub) => ({
      menuId: sub.menuId, label: sub.menuName, menuName: sub.menuName, nameTranslations: sub.nameTranslations,
      menuPageId: sub.menuPageId, pageName: sub.pageName, revision: sub.revision,
    })),
  ];
}
