import { Alert, Button, Stack, Text } from '@mantine/core';
import { type Component, componentAccessibilityWarnings, withAccessibilityFix } from '@rakit/core';
import { IconAccessible } from '@tabler/icons-react';
import { useMemo } from 'react';
import { type Translate, useT } from '../i18n/LanguageProvider';
import classes from './ComponentRow.module.css';
import { editorStore } from '../state/editor-store';

const countText = (t: Translate, count: number): string => t('editor.accessibility.count', { count });

/**
 * What of the selected component breaks WCAG AA by the author's choices (core's page-accessibility),
 * each with its fix as one undo step. A warning never blocks saving.
 */
export function AccessibilityWarnings({ component }: { component: Component }) {
  const t = useT();
  const warnings = useMemo(() => componentAccessibilityWarnings(component), [component]);
  if (warnings.length === 0) return null;
  return (
    <Alert variant="default" icon={<IconAccessible size={18} aria-hidden />} title={countText(t, warnings.length)} mb="sm" styles={{ body: { minWidth: 0 } }} data-testid="accessibility-warnings">
      <Stack gap="sm" miw={0}>
        {warnings.map((warning) => (
          <div key={warning.rule} data-testid="accessibility-warning" data-rule={warning.rule}>
            <Stack gap={4} align="flex-start">
              <Text size="sm">{t(warning.message.key, warning.message.values)}</Text>
              <Button
                size="compact-sm"
                variant="default"
                // A fix's label names the value it sets: it wraps rather than being cut.
                styles={{ root: { height: 'auto', maxWidth: '100%', paddingBlock: 4 }, label: { whiteSpace: 'normal', textAlign: 'left', lineHeight: 1.35 } }}
                onClick={() => editorStore.getState().updateComponent(withAccessibilityFix(component, warning), { ownStep: true })}
              >
                {t('editor.accessibility.fix', { fix: t(warning.fixLabel.key, warning.fixLabel.values) })}
              </Button>
            </Stack>
          </div>
        ))}
      </Stack>
    </Alert>
  );
}

/** The board row's marker: how many warnings its component has, named for screen readers. */
export function AccessibilityMarker({ component }: { component: Component }) {
  const t = useT();
  const count = useMemo(() => componentAccessibilityWarnings(component).length, [component]);
  if (count === 0) return null;
  return (
    <span className={classes.warnings} role="img" aria-label={countText(t, count)} title={countText(t, count)} data-testid="accessibility-marker">
      <IconAccessible size={14} aria-hidden />
      <span aria-hidden>{count}</span>
    </span>
  );
}
