import { Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconDeviceFloppy, IconPlus, IconTrash } from '@tabler/icons-react';
import { type Component, createComponent } from '@rakit/core';
import type { ReactNode } from 'react';
import { DataTable } from '../../components/DataTable';
import { RowActions } from '../../components/RowActions';
import { ScreenHeader } from '../../components/ScreenHeader';
import { PageRenderer } from '../../widgets/PageRenderer';
import { notifyFailure, notifySuccess } from '../../components/notify';
import { PageFormProvider } from '../../page-state/form-state';
import { useT } from '../../i18n/LanguageProvider';

/**
 * The showcase of the interface controls Rakit uses (spec 1 §2 `/{appSlug}/libraries`), and the
 * living style guide the widgets follow: the widget sections render the widgets' own faces, as
 * the editor does (design mode: sample data, no action runs), so what is seen here is what a page
 * shows; the other sections hold the controls of the administration screens.
 */
export function LibrariesScreen() {
  const t = useT();
  return (
    <Stack gap="lg" maw={1100} mx="auto">
      <ScreenHeader title={t('admin.libraries.title')} />
      <Text c="dimmed" mt={-12}>{t('admin.libraries.intro')}</Text>
      <Section title={t('admin.libraries.buttons')} description={t('admin.libraries.buttonsHint')}>
        <Group gap="sm">
          <Button leftSection={<IconPlus size={16} />}>{t('admin.libraries.add')}</Button>
          <Button variant="light" leftSection={<IconDeviceFloppy size={16} />}>{t('admin.libraries.saveDraft')}</Button>
          <Button variant="default">{t('admin.libraries.cancel')}</Button>
          <Button variant="subtle">{t('admin.libraries.subtle')}</Button>
          <Button variant="outline">{t('admin.libraries.outline')}</Button>
          <Button color="red" leftSection={<IconTrash size={16} />}>{t('admin.libraries.remove')}</Button>
          <Button loading>{t('admin.libraries.saving')}</Button>
          <Button disabled>{t('admin.libraries.disabled')}</Button>
        </Group>
        <WidgetSample components={BUTTON_WIDGETS} caption={t('admin.libraries.buttonWidget')} />
      </Section>
      <Section title={t('admin.libraries.alerts')} description={t('admin.libraries.alertsHint')}>
        <WidgetSample components={ALERT_WIDGETS} />
        <Group gap="sm">
          <Button variant="light" color="green" onClick={() => notifySuccess(t('admin.libraries.successSample'))}>{t('admin.libraries.showSuccess')}</Button>
          <Button variant="light" color="red" onClick={() => notifyFailure(t('admin.libraries.failureSample'))}>{t('admin.libraries.showFailure')}</Button>
          <Badge variant="light">{t('admin.libraries.badge')}</Badge>
          <Badge variant="light" color="gray">{t('admin.libraries.draft')}</Badge>
        </Group>
      </Section>
      <Section title={t('admin.libraries.forms')} description={t('admin.libraries.formsHint')}>
        <WidgetSample components={FORM_WIDGETS} columns={2} />
      </Section>
      <Section title={t('admin.libraries.tables')} description={t('admin.libraries.tablesHint')}>
        <WidgetSample components={TABLE_WIDGETS} />
        <DataTable
          columns={[t('admin.libraries.colName'), t('admin.libraries.colRole'), t('admin.libraries.colStatus'), null]}
          isEmpty={false}
          emptyText={t('admin.libraries.noRows')}
          caption={t('admin.libraries.sampleTable')}
        >
          {SAMPLE_PEOPLE.map(([name, role, active]) => (
            <Table.Tr key={name}>
              <Table.Td>{name}</Table.Td>
              <Table.Td>{role}</Table.Td>
              <Table.Td><Badge variant="light" color={active ? 'green' : 'gray'}>{active ? t('admin.libraries.active') : t('admin.libraries.inactive')}</Badge></Table.Td>
              <Table.Td><RowActions
                  editLabel={t('admin.libraries.editNamed', { name })}
                  onEdit={() => notifySuccess(t('admin.libraries.sampleEdit', { name }))}
                  removeLabel={t('admin.libraries.removeNamed', { name })}
                  onRemove={() => notifyFailure(t('admin.libraries.sampleRemove', { name }))}
                /></Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      </Section>
    </Stack>
  );
}

function Section({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={title}>
      <Stack gap="md">
        <div>
          <Title order={2} size="h3">{title}</Title>
          <Text size="sm" c="dimmed">{description}</Text>
        </div>
        {children}
      </Stack>
    </Card>
  );
}

/** Widgets rendered by the runtime's own renderer, in design mode, with a form store of their own. */
function WidgetSample({ components, columns = 1, caption }: { components: readonly Component[]; columns?: number; caption?: string }) {
  return (
    <PageFormProvider components={components} mode="design">
      {caption !== undefined && <Text size="sm" fw={500}>{caption}</Text>}
      <SimpleGrid cols={{ base: 1, sm: columns }} spacing="md">
        {components.map((component) => <PageRenderer key={component.id} components={[component]} mode="design" />)}
      </SimpleGrid>
    </PageFormProvider>
  );
}

const sample = <C extends Component>(component: C, changes: Partial<C>): Component => ({ ...component, ...changes });

const BUTTON_WIDGETS: readonly Component[] = [createComponent('button', 'library-button', 'Simpan')];

const ALERT_WIDGETS: readonly Component[] = [
  sample(createComponent('alert', 'library-alert-success', 'Data tersimpan.'), { color: 'success' }),
  sample(createComponent('alert', 'library-alert-error', 'Ada produk dengan stok di bawah 30.'), { color: 'error' }),
];

const FORM_WIDGETS: readonly Component[] = [
  sample(createComponent('input', 'library-text', 'Nama'), { placeholder: 'Nama lengkap' }),
  sample(createComponent('input', 'library-number', 'Jumlah'), { subtype: 'number', required: false }),
  sample(createComponent('input', 'library-email', 'Email'), { subtype: 'email', required: false, placeholder: 'nama@contoh.id' }),
  sample(createComponent('input', 'library-password', 'Password'), { subtype: 'password', required: false }),
  sample(createComponent('dropdown', 'library-dropdown', 'Kategori'), {
    options: [{ textOption: 'Sembako', valueOption: 'sembako' }, { textOption: 'Minuman', valueOption: 'minuman' }],
  }),
  createComponent('datetime', 'library-datetime', 'Tanggal'),
  createComponent('textarea', 'library-textarea', 'Catatan'),
  createComponent('fileupload', 'library-file', 'Lampiran'),
  sample(createComponent('checkbox', 'library-checkbox', 'Hari kerja'), { options: 'Senin,Selasa,Rabu' }),
  sample(createComponent('radio', 'library-radio', 'Pengiriman'), { options: 'Ambil sendiri,Kurir' }),
  createComponent('toggle', 'library-toggle', 'Aktif'),
];

const TABLE_WIDGETS: readonly Component[] = [
  sample(createComponent('table', 'library-table', 'Daftar Produk'), { options: 'Nama,Kategori,Harga', mapping_table: 'name,category,price' }),
];

const SAMPLE_PEOPLE: readonly (readonly [name: string, role: string, active: boolean])[] = [
  ['Siti Rahma', 'Admin', true],
  ['Budi Santoso', 'Staff', true],
  ['Dewi Lestari', 'Staff', false],
];
