import { NavLink, Text } from '@mantine/core';
import type { Menu } from '@rakit/core';
import { IconFileText, IconFolder } from '@tabler/icons-react';
import { useState } from 'react';

interface MenuNavProps {
  menus: readonly Menu[];
  /** Slug of the page shown now, to mark its entry. */
  activePageSlug: string | undefined;
  onOpenPage: (pageSlug: string) => void;
}

/**
 * The sidebar menu (spec 1 screen 11): parent menus toggle their sub-menus, a menu with a
 * page opens it. The first parent starts expanded.
 */
export function MenuNav({ menus, activePageSlug, onOpenPage }: MenuNavProps) {
  const [expanded, setExpanded] = useState<number | undefined>(menus[0]?.menuId);
  if (menus.length === 0) return <Text size="sm" c="dimmed" p="sm">No menu is available to your group yet.</Text>;
  return (
    <>
      {menus.map((menu) => (
        <NavLink
          key={menu.menuId}
          label={menu.menuName}
          leftSection={<IconFolder size={16} />}
          opened={expanded === menu.menuId}
          onChange={(open) => setExpanded(open ? menu.menuId : undefined)}
          childrenOffset={16}
        >
          {menu.submenu.map((sub) => (
            <NavLink
              key={sub.menuId}
              label={sub.menuName}
              leftSection={<IconFileText size={16} />}
              active={sub.pageSlug !== '' && sub.pageSlug === activePageSlug}
              disabled={sub.pageSlug === ''}
              onClick={() => sub.pageSlug !== '' && onOpenPage(sub.pageSlug)}
            />
          ))}
        </NavLink>
      ))}
    </>
  );
}
