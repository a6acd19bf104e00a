import { NavLink, Text } from '@mantine/core';
import { type Menu, nameIn } from '@rakit/core';
import { IconFileText, IconFolder } from '@tabler/icons-react';
import type { MouseEvent } from 'react';
import { memo, useState } from 'react';
import { useLanguage, useT } from '../i18n/LanguageProvider';

interface MenuNavProps {
  menus: readonly Menu[];
  /** Slug of the page shown now, to mark its entry. */
  activePageSlug: string | undefined;
  /** The address of the application's pages, up to their slug (`/demo/staff/`): entries are links, so they open in a new tab and read as links. */
  pagesBase: string;
  onOpenPage: (pageSlug: string) => void;
}

/** A plain click opens the page here; with a modifier key or another button the browser does what it does with links. */
const plainClick = (event: MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * The sidebar menu (spec 1 screen 11), inside the shell's "Application menu" navigation: parent
 * menus are buttons that toggle their sub-menus, a sub-menu with a page is a link to it, the
 * current page's marked aria-current. The parent holding the current page starts expanded, else
 * the first one.
 */
export const MenuNav = memo(function MenuNav({ menus, activePageSlug, pagesBase, onOpenPage }: MenuNavProps) {
  const t = useT();
  const { language } = useLanguage();
  const holdsActive = menus.find((menu) => menu.submenu.some((sub) => sub.pageSlug !== '' && sub.pageSlug === activePageSlug));
  const [expanded, setExpanded] = useState<number | undefined>((holdsActive ?? menus[0])?.menuId);
  if (menus.length === 0) return <Text size="sm" c="dimmed" p="sm">{t('shell.runtime.noMenu')}</Text>;
  return (
    <>
      {menus.map((menu) => (
        <NavLink
          key={menu.menuId}
          component="button"
          type="button"
          label={nameIn(menu.menuName, menu.nameTranslations, language)}
          leftSection={<IconFolder size={16} aria-hidden />}
          opened={expanded === menu.menuId}
          aria-expanded={expanded === menu.menuId}
          onChange={(open) => setExpanded(open ? menu.menuId : undefined)}
          childrenOffset={16}
        >
          {menu.submenu.map((sub) => {
            const active = sub.pageSlug !== '' && sub.pageSlug === activePageSlug;
            return (
              <NavLink
                key={sub.menuId}
                component="a"
                href={sub.pageSlug === '' ? undefined : `${pagesBase}${sub.pageSlug}`}
                label={nameIn(sub.menuName, sub.nameTranslations, language)}
                leftSection={<IconFileText size={16} aria-hidden />}
                active={active}
                aria-current={active ? 'page' : undefined}
                disabled={sub.pageSlug === ''}
                aria-disabled={sub.pageSlug === '' ? true : undefined}
                onClick={(event) => {
                  if (sub.pageSlug === '' || !plainClick(event)) return;
                  event.preventDefault();
                  onOpenPage(sub.pageSlug);
                }}
              />
            );
          })}
        </NavLink>
      ))}
    </>
  );
});
