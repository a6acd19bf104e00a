import { Box, Group, LoadingOverlay, Pagination, Paper, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import {
  CHART_DUMMY_DATA, CHART_MAX_ROWS, CHART_TABLE_PAGE_SIZE, chartColor, type ChartPoint, chartPoints, sourceConfigured,
} from '@rakit/core';
import { IconChartBar } from '@tabler/icons-react';
import { useState } from 'react';
import { Bar, BarChart, CartesianGrid, Cell, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { FIRST_PAGE, useTableContent } from '../data-source/content';
import { LoadFailure, useIsAppAdmin } from '../data-source/LoadFailure';
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
 * What a chart with nothing to draw shows instead: what is missing, and (to its application's
 * administrators) how to set it up; never an empty data table under it.
 */
function EmptyChart({ configured }: { configured: boolean }) {
  const admin = useIsAppAdmin();
  const [title, text] = configured
    ? ['Nothing to chart yet', 'The chart draws its rows as soon as there are some.']
    : ['This chart is not set up yet', admin
      ? 'Choose its database and table (or a custom query), then the label and value columns, in the editor.'
      : 'Its data will show here once an administrator sets it up.'];
  return (
    <Stack align="center" gap={6} py="xl" ta="center" data-testid="chart-empty">
      <ThemeIcon size={40} radius="xl" variant="light" color="gray"><IconChartBar size={22} /></ThemeIcon>
      <Text fw={500}>{title}</Text>
      <Text size="sm" c="dimmed" maw={420}>{text}</Text>
    </Stack>
  );
}

/**
 * A pie or bar chart of the widget's rows (spec 3 "Chart widget"): in the editor the dummy
 * Label 1–3 data, on a page the rows of its table or query; optionally its data as a table.
 * With no points it says why (see EmptyChart); a failed load tells administrators the reason.
 */
export function ChartLive({ component, mode }: WidgetLiveProps<'chart'>) {
  const configured = sourceConfigured(component);
  const { content, failure, timedOut, loading, live } = useTableContent(component, mode, CHART_QUERY, configured);
  const points = live ? chartPoints(content.filteredResult, content.columns, component.sourceType) : CHART_DUMMY_DATA;
  const empty = points.length === 0 && !loading;
  return (
    <Paper withBorder radius="md" p="md" data-testid="chart" data-component={component.id}>
      {component.title === '' ? null : <Title order={4} mb="sm">{component.title}</Title>}
      <LoadFailure failure={failure} toMembers={timedOut} />
      <Box pos="relative">
        <LoadingOverlay visible={loading} loaderProps={{ size: 'sm' }} />
        {empty ? <EmptyChart configured={configured} /> : (
          <ChartBody points={points} subtype={component.subtype} legend={component.showLegend} />
        )}
      </Box>
      {component.showTable && !empty ? <PointsTable points={points} /> : null}
    </Paper>
  );
}
