import type { Menu } from '@rakit/core';

/** One line of a parent menu's table: the parent itself first, then its sub-menus. */
export interface MenuRow {
  menuId: number;
  label: string;
  /** 0 when the menu shows no page. */
  menuPageId: number;
  pageName: string;
  /** The menu's revision as listed: the base of a change of its page (issue 33). */
  revision: number;
}

/** The lines of a parent menu's table; the parent's reads '{name} ( Parent Menu )' (spec 1 screen 8). */
export function menuRows(parent: Menu): MenuRow[] {
  return [
    { menuId: parent.menuId, label: `${parent.menuName} ( Parent Menu )`, menuPageId: parent.menuPageId, pageName: parent.pageName, revision: parent.revision },
    ...parent.submenu.map((sub) => ({ menuId: sub.menuId, label: sub.menuName, menuPageId: sub.menuPageId, pageName: sub.pageName, revision: sub.revision })),
  ];
}
