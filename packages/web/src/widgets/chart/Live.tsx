import { Box, Group, LoadingOverlay, Pagination, Paper, Table, Text, Title } from '@mantine/core';
import {
  CHART_DUMMY_DATA, CHART_MAX_ROWS, CHART_TABLE_PAGE_SIZE, chartColor, type ChartPoint, chartPoints,
} from '@rakit/core';
import { useState } from 'react';
import { Bar, BarChart, CartesianGrid, Cell, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { FIRST_PAGE, useTableContent } from '../data-source/content';
import type { WidgetLiveProps } from '../types';

const CHART_QUERY = { ...FIRST_PAGE, limit: CHART_MAX_ROWS };

/** The legend: one entry per point, in its colour (recharts' own legend names a bar chart's series only). */
const PointLegend = ({ points }: { points: readonly ChartPoint[] }) => (
  <Group gap="sm" justify="center" mt={4}>
    {points.map((p, i) => (
      <Group key={`${p.label}-${i}`} gap={4} wrap="nowrap">
        <Box w={10} h={10} style={{ background: chartColor(i), borderRadius: 2 }} />
        <Text size="xs">{p.label}</Text>
      </Group>
    ))}
  </Group>
);

function ChartBody({ points, subtype, legend }: { points: readonly ChartPoint[]; subtype: string; legend: boolean }) {
  const data = points.map((p) => ({ ...p }));
  const cells = data.map((p, i) => <Cell key={`${p.label}-${i}`} fill={chartColor(i)} />);
  if (subtype !== 'pie') {
    return (
      <>
        <ResponsiveContainer width="100%" height={260}>
          <BarChart data={data}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="label" />
            <YAxis />
            <Tooltip />
            <Bar dataKey="value" name="Value" isAnimationActive={false}>{cells}</Bar>
          </BarChart>
        </ResponsiveContainer>
        {legend ? <PointLegend points={points} /> : null}
      </>
    );
  }
  return (
    <>
      <ResponsiveContainer width="100%" height={260}>
        <PieChart>
          <Pie data={data} dataKey="value" nameKey="label" outerRadius={100} label isAnimationActive={false}>{cells}</Pie>
          <Tooltip />
        </PieChart>
      </ResponsiveContainer>
      {legend ? <PointLegend points={points} /> : null}
    </>
  );
}

/** The points as a table, 20 rows a page. */
function PointsTable({ points }: { points: readonly ChartPoint[] }) {
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(points.length / CHART_TABLE_PAGE_SIZE));
  const shown = points.slice((page - 1) * CHART_TABLE_PAGE_SIZE, page * CHART_TABLE_PAGE_SIZE);
  return (
    <Box mt="sm">
      <Table striped verticalSpacing={4} aria-label="Chart data">
        <Table.Thead><Table.Tr><Table.Th>Label</Table.Th><Table.Th ta="right">Value</Table.Th></Table.Tr></Table.Thead>
        <Table.Tbody>
          {shown.map((p, i) => <Table.Tr key={`${p.label}-${i}`}><Table.Td>{p.label}</Table.Td><Table.Td ta="right">{p.value}</Table.Td></Table.Tr>)}
        </Table.Tbody>
      </Table>
      {pages > 1 ? <Group justify="flex-end" mt={4}><Pagination size="sm" total={pages} value={page} onChange={setPage} /></Group> : null}
    </Box>
  );
}

/**
 * A pie or bar chart of the widget's rows (spec 3 "Chart widget"): in the editor the dummy
 * Label 1–3 data, on a page the rows of its table or query; optionally its data as a table.
 */
export function ChartLive({ component, mode }: WidgetLiveProps<'chart'>) {
  const { content, loading, live } = useTableContent(component, mode, CHART_QUERY);
  const points = live ? chartPoints(content.filteredResult, content.columns, component.sourceType) : CHART_DUMMY_DATA;
  return (
    <Paper withBorder radius="md" p="md" data-testid="chart" data-component={component.id}>
      {component.title === '' ? null : <Title order={4} mb="sm">{component.title}</Title>}
      <Box pos="relative">
        <LoadingOverlay visible={loading} loaderProps={{ size: 'sm' }} />
        {points.length === 0 && !loading ? <Text c="dimmed" ta="center" py="xl">No data</Text> : (
          <ChartBody points={points} subtype={component.subtype} legend={component.showLegend} />
        )}
      </Box>
      {component.showTable ? <PointsTable points={points} /> : null}
    </Paper>
  );
}
