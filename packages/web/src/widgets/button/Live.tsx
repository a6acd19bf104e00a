import { Button, Group } from '@mantine/core';
import type { LiveProps } from '../types';

/**
 * A button (spec 2 §2). Its actions run with the action system of a later release; until then
 * — and always in the editor — a click does nothing.
 */
export function ButtonLive({ component }: LiveProps) {
  return (
    <Group>
      <Button type="button">{component.title === '' ? 'Button' : component.title}</Button>
    </Group>
  );
}
