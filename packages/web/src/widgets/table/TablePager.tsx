import { Button, Group, Text } from '@mantine/core';
import { tablePagerItems } from '@rakit/core';

interface TablePagerProps {
  page: number;
  pageCount: number;
  onChange: (page: number) => void;
}

/** Prev, the page numbers of the table pager rule (ellipses for gaps), Next. */
export function TablePager({ page, pageCount, onChange }: TablePagerProps) {
  const items = tablePagerItems(page, pageCount);
  return (
    <Group gap={4} justify="flex-end" aria-label="Pages" role="navigation">
      <Button size="compact-sm" variant="default" disabled={page <= 1} onClick={() => onChange(page - 1)}>Prev</Button>
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
      <Button size="compact-sm" variant="default" disabled={page >= pageCount} onClick={() => onChange(page + 1)}>Next</Button>
    </Group>
  );
}
