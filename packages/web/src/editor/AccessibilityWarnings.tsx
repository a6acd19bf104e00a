import { Alert, Button, Stack, Text } from '@mantine/core';
import { type Component, componentAccessibilityWarnings, withAccessibilityFix } from '@rakit/core';
import { IconAccessible } from '@tabler/icons-react';
import { useMemo } from 'react';
import classes from './ComponentRow.module.css';
import { editorStore } from '../state/editor-store';

const countText = (count: number): string => `${count} accessibility warning${count === 1 ? '' : 's'}`;

/**
 * What of the selected component breaks WCAG AA by the author's choices (core's page-accessibility),
 * each with its fix as one undo step. A warning never blocks saving.
 */
export function AccessibilityWarnings({ component }: { component: Component }) {
  const warnings = useMemo(() => componentAccessibilityWarnings(component), [component]);
  if (warnings.length === 0) return null;
  return (
    <Alert variant="default" icon={<IconAccessible size={18} aria-hidden />} title={countText(warnings.length)} mb="sm" styles={{ body: { minWidth: 0 } }} data-testid="accessibility-warnings">
      <Stack gap="sm" miw={0}>
        {warnings.map((warning) => (
          <div key={warning.rule} data-testid="accessibility-warning" data-rule={warning.rule}>
            <Stack gap={4} align="flex-start">
              <Text size="sm">{warning.message}</Text>
              <Button
                size="compact-sm"
                variant="default"
                // A fix's label names the value it sets: it wraps rather than being cut.
                styles={{ root: { height: 'auto', maxWidth: '100%', paddingBlock: 4 }, label: { whiteSpace: 'normal', textAlign: 'left', lineHeight: 1.35 } }}
                onClick={() => editorStore.getState().updateComponent(withAccessibilityFix(component, warning), { ownStep: true })}
              >
                Fix: {warning.fixLabel}
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
  const count = useMemo(() => componentAccessibilityWarnings(component).length, [component]);
  if (count === 0) return null;
  return (
    <span className={classes.warnings} role="img" aria-label={countText(count)} title={countText(count)} data-testid="accessibility-marker">
      <IconAccessible size={14} aria-hidden />
      <span aria-hidden>{count}</span>
    </span>
  );
}
