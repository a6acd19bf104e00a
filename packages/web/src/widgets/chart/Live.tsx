import { Box, Button, Group, LoadingOverlay, Pagination, Paper, Stack, Table, Text, ThemeIcon } from '@mantine/core';
import {
  CHART_DUMMY_DATA, CHART_MAX_ROWS, CHART_TABLE_PAGE_SIZE, chartColor, type ChartPoint, chartPoints, chartSummary, sourceConfigured,
} from '@rakit/core';
import { IconChartBar, IconTable } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { FIRST_PAGE, useTableContent } from '../data-source/content';
import { useT } from '../../i18n/LanguageProvider';
import { LoadFailure, useIsAppAdmin } from '../data-source/LoadFailure';
import { RowsAsOf } from '../data-source/RowsAsOf';
import type { WidgetLiveProps } from '../types';
import { Bars, PieDrawing } from './drawing';
import { WidgetTitle } from '../shared/WidgetTitle';
import { useValueFormats } from '../shared/use-value-formats';

const CHART_QUERY = { ...FIRST_PAGE, limit: CHART_MAX_ROWS };

/** The legend: one entry per point, in its colour. */
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

/**
 * The drawing and its legend, one image to screen readers named by its summary (the numbers are
 * in the data table, shown beside it or by its toggle).
 */
function ChartBody({ points, subtype, legend, summary }: { points: readonly ChartPoint[]; subtype: string; legend: boolean; summary: string }) {
  return (
    <Box role="img" aria-label={summary}>
      {subtype === 'pie' ? <PieDrawing points={points} /> : <Bars points={points} />}
      {legend ? <PointLegend points={points} /> : null}
    </Box>
  );
}

/** The points as a table, 20 rows a page, headed by the widget's column labels. */
function PointsTable({ points, name, headers, id }: { points: readonly ChartPoint[]; name: string; headers: readonly [string, string]; id?: string }) {
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(points.length / CHART_TABLE_PAGE_SIZE));
  const shown = points.slice((page - 1) * CHART_TABLE_PAGE_SIZE, page * CHART_TABLE_PAGE_SIZE);
  const { formatCell } = useValueFormats();
  return (
    <Box mt="sm" id={id}>
      <Table striped verticalSpacing={4} aria-label={name}>
        <Table.Thead><Table.Tr><Table.Th>{headers[0]}</Table.Th><Table.Th ta="right">{headers[1]}</Table.Th></Table.Tr></Table.Thead>
        <Table.Tbody>
          {shown.map((p, i) => <Table.Tr key={`${p.label}-${i}`}><Table.Td>{p.label}</Table.Td><Table.Td ta="right">{formatCell(p.value)}</Table.Td></Table.Tr>)}
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
  const t = useT();
  const [title, text] = configured
    ? [t('datawidgets.chart.emptyTitle'), t('datawidgets.chart.emptyText')]
    : [t('datawidgets.chart.notSetUpTitle'), admin
      ? t('datawidgets.chart.notSetUpAdmin')
      : t('datawidgets.chart.notSetUpMember')];
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
 * Label 1–3 data, on a page the rows of its table or query; its data as a table, shown under
 * it or on demand (the text alternative), and the drawing named by a one-sentence summary.
 * With no points it says why (see EmptyChart); a failed load tells administrators the reason.
 */
export function ChartLive({ component, mode }: WidgetLiveProps<'chart'>) {
  const configured = sourceConfigured(component);
  const { content, failure, timedOut, loading, live, asOf } = useTableContent(component, mode, CHART_QUERY, configured);
  const points = live ? chartPoints(content.filteredResult, content.columns, component.sourceType) : CHART_DUMMY_DATA;
  const empty = points.length === 0 && !loading;
  const [tableShown, setTableShown] = useState(false);
  const tableId = useId();
  const t = useT();
  // The row source's columns head the table; a column source's points are the columns themselves.
  const [labelColumn, valueColumn] = live && component.sourceType === 'row' ? content.columns : [];
  const headers: [string, string] = [labelColumn?.label ?? t('datawidgets.chart.label'), valueColumn?.label ?? t('datawidgets.chart.value')];
  const tableName = component.title === '' ? t('datawidgets.chart.data') : t('datawidgets.chart.dataOf', { title: component.title });
  const summary = chartSummary(points, component.subtype, component.title);
  return (
    <Paper withBorder radius="md" p="md" data-testid="chart" data-component={component.id}>
      {component.title === '' ? null : <WidgetTitle mb="sm">{component.title}</WidgetTitle>}
      <RowsAsOf asOf={asOf} />
      <LoadFailure failure={failure} toMembers={timedOut} timedOut={timedOut} />
      <Box pos="relative">
        <LoadingOverlay visible={loading} loaderProps={{ size: 'sm' }} />
        {empty ? <EmptyChart configured={configured} /> : (
          <ChartBody points={points} subtype={component.subtype} legend={component.showLegend} summary={t(summary.key, summary.values)} />
        )}
      </Box>
      {empty ? null : component.showTable ? <PointsTable points={points} name={tableName} headers={headers} /> : (
        // The data as a table on demand: the chart's text alternative for whoever cannot read the drawing.
        <>
          <Group justify="flex-end" mt="xs">
            <Button
              size="compact-sm" variant="subtle" leftSection={<IconTable size={14} />}
              aria-expanded={tableShown} aria-controls={tableShown ? tableId : undefined} onClick={() => setTableShown((shown) => !shown)}
            >
              {tableShown ? t('datawidgets.chart.hideTable') : t('datawidgets.chart.showTable')}
            </Button>
          </Group>
          {tableShown ? <PointsTable points={points} name={tableName} headers={headers} id={tableId} /> : null}
        </>
      )}
    </Paper>
  );
}
