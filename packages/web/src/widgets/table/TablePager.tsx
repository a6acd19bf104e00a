import { Button, Group, Text } from '@mantine/core';
import { tablePager, type TablePagerInput } from '@rakit/core';

interface TablePagerProps extends TablePagerInput {
  onChange: (page: number) => void;
}

/**
 * Prev, the page numbers of the table pager rule (ellipses for gaps), Next. When the count
 * stopped at its cap the last page is not offered and Next goes on while pages come back full.
 */
export function TablePager({ onChange, ...loaded }: TablePagerProps) {
  const { page } = loaded;
  const { items, hasPrev, hasNext } = tablePager(loaded);
  return (
    <Group gap={4} justify="flex-end" aria-label="Pages" role="navigation">
      <Button size="compact-sm" variant="default" disabled={!hasPrev} onClick={() => onChange(page - 1)}>Prev</Button>
      {items.map((item, i) => (item === 'ellipsis'
        ? <Text key={`gap-${i}`} size="sm" c="dimmed" px={4}>…</Text>
        : (
          <Button
            key={item}
            size="compact-sm"
            variant={item === page ? 'filled' : 'default'}
            aria-current={item === page ? 'page' : undefined}
            aria-label={`Page ${item}`}
            onClick={() => onChange(item)}
          >
            {item}
          </Button>
        )))}
      <Button size="compact-sm" variant="default" disabled={!hasNext} onClick={() => onChange(page + 1)}>Next</Button>
    </Group>
  );
}
