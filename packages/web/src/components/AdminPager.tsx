import { ActionIcon, Button, Group } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconChevronsLeft, IconChevronsRight } from '@tabler/icons-react';
import { adminPagerWindow, pageCount } from '@rakit/core';
import type { ReactNode } from 'react';
import { useT } from '../i18n/LanguageProvider';

interface AdminPagerProps {
  /** The page shown, from 1. */
  page: number;
  /** How many items there are in all. */
  total: number;
  pageSize: number;
  onChange: (page: number) => void;
  /** What is paged, for assistive technology: 'Group pages', 'Member pages of Staff'. */
  label: string;
  size?: 'xs' | 'sm';
}

/**
 * The administration screens' pager (spec 1 §9): first, previous, at most seven page
 * numbers around the current one, next, last. Nothing when everything fits on one page.
 */
export function AdminPager({ page, total, pageSize, onChange, label, size = 'sm' }: AdminPagerProps) {
  const t = useT();
  const pages = pageCount(total, pageSize);
  if (pages <= 1) return null;
  const current = Math.min(Math.max(1, page), pages);
  const go = (target: number) => {
    if (target !== current) onChange(target);
  };
  const step = (ariaLabel: string, target: number, disabled: boolean, icon: ReactNode) => (
    <ActionIcon variant="default" size={size === 'xs' ? 'md' : 'lg'} aria-label={ariaLabel} disabled={disabled} onClick={() => go(target)}>
      {icon}
    </ActionIcon>
  );
  const iconSize = size === 'xs' ? 14 : 16;
  return (
    <Group gap={4} component="nav" aria-label={label} wrap="wrap">
      {step(t('shell.pager.first'), 1, current === 1, <IconChevronsLeft size={iconSize} />)}
      {step(t('shell.pager.previous'), current - 1, current === 1, <IconChevronLeft size={iconSize} />)}
      {adminPagerWindow(current, pages).map((n) => (
        <Button
          key={n}
          size={size === 'xs' ? 'compact-xs' : 'compact-sm'}
          h={size === 'xs' ? 28 : 34}
          miw={size === 'xs' ? 28 : 34}
          px={6}
          variant={n === current ? 'filled' : 'default'}
          aria-label={t('shell.pager.page', { n })}
          aria-current={n === current ? 'page' : undefined}
          onClick={() => go(n)}
        >
          {n}
        </Button>
      ))}
      {step(t('shell.pager.next'), current + 1, current === pages, <IconChevronRight size={iconSize} />)}
      {step(t('shell.pager.last'), pages, current === pages, <IconChevronsRight size={iconSize} />)}
    </Group>
  );
}
