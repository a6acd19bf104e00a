import { isSafeLink, type WidgetComponent } from '@rakit/core';
import { Paper, Skeleton, Text, Title, type TitleOrder } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import { useT } from '../../i18n/LanguageProvider';
import { usePlaceholderValues } from '../../page-state/placeholder-values';
import { fillText, queryActionsOf, useQueryVariables } from '../shared/query-variables';
import type { WidgetLiveProps } from '../types';

const HEADINGS: Record<string, TitleOrder> = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 };

/**
 * The text as a page shows it: its placeholders and query variables filled in (fillText). While
 * its variables load, the text as written holds its place under a skeleton.
 */
function PreviewText({ component, children }: { component: WidgetComponent<'text'>; children: (shown: string) => React.ReactNode }) {
  const placeholders = usePlaceholderValues();
  const variables = useQueryVariables(component, queryActionsOf(component.custom_action), true);
  if (variables.pending) return <Skeleton>{children(component.title)}</Skeleton>;
  return children(fillText(component.title, placeholders, variables.values));
}

/**
 * A text block (spec 2 §2): a heading h1–h6, a paragraph or a card, aligned left, center or
 * right. In preview its `--userId--` and `{{name}}` placeholders are substituted (`{{name}}` by
 * its query variable of that name, else the global variable) and a link opens in a new tab on
 * click; the editor (design) shows the text as written.
 */
export function TextLive({ component, mode }: WidgetLiveProps<'text'>) {
  const t = useT();
  const written = component.title;
  const align = component.options;
  const link = component.link.trim();
  const { subtype } = component;
  // The author's link: a javascript: or data: one would run his script in Rakit's origin.
  const linked = link !== '' && isSafeLink(link);
  const style: CSSProperties = linked && mode === 'preview' ? { cursor: 'pointer' } : {};
  const open = linked && mode === 'preview' ? () => window.open(link, '_blank', 'noopener,noreferrer') : undefined;
  const linkMark = linked ? <IconExternalLink size="0.8em" style={{ marginLeft: 6, verticalAlign: 'middle', opacity: 0.6 }} aria-label={t('formwidgets.text.opensLink')} /> : null;

  const render = (shown: string) => {
    const body = <>{shown === '' && mode === 'design' ? <Text span c="dimmed">{t('formwidgets.text.empty')}</Text> : shown}{linkMark}</>;
    const common = { ta: align, c: component.color === '' ? undefined : component.color, style, onClick: open, role: open === undefined ? undefined : 'link', 'data-link': linked ? link : undefined };
    const heading = HEADINGS[subtype];
    if (heading !== undefined) return <Title order={heading} {...common}>{body}</Title>;
    if (subtype === 'card') {
      return <Paper withBorder shadow="xs" p="md" radius="md" {...common}><Text style={{ whiteSpace: 'pre-wrap' }} ta={align}>{body}</Text></Paper>;
    }
    return <Text {...common} style={{ ...style, whiteSpace: 'pre-wrap' }}>{body}</Text>;
  };

  return mode === 'preview' ? <PreviewText component={component}>{render}</PreviewText> : render(written);
}
