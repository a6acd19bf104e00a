import { describe, expect, it } from 'vitest';
import { changesBetween } from '../src/bundles/changes';
import { stableJson } from '../src/bundles/files';

/** Issue 39: the readable list of what changes between two states of an application's files. */
const files = (entries: Record<string, unknown>) =>
  new Map(Object.entries(entries).map(([path, value]) => [path, Buffer.from(typeof value === 'string' ? value : stableJson(value))]));

describe('the changes between two states of an application', () => {
  const before = files({
    'rakit.json': { app: { appName: 'Gudang' } },
    'pages/masuk.json': { pageName: 'Masuk', pageSlug: 'masuk', pageComponents: [{ id: 'a', type: 'input', title: 'Barang' }, { id: 'b', type: 'button', title: 'Simpan' }] },
    'functions/tambah.json': { name: 'Tambah', slug: 'tambah' },
    'functions/tambah.js': 'return 1;\n',
    'menus.json': [{ id: 1, menuName: 'Gudang', order: 0 }, { id: 2, menuName: 'Masuk', order: 1 }],
    'workflows/catat.json': { name: 'Catat' },
    'workflows/catat/77.js': 'const a = 1;\n',
    'print-templates/nota.docx': 'PK-old',
    'pages/lama.json': { pageName: 'Lama', pageComponents: [] },
  });
  const after = files({
    'rakit.json': { app: { appName: 'Gudang' } },
    'pages/masuk.json': { pageName: 'Barang Masuk', pageSlug: 'masuk', pageComponents: [{ id: 'c', type: 'text', title: 'Baru' }, { id: 'a', type: 'input', title: 'Nama Barang', required: true }] },
    'functions/tambah.json': { name: 'Tambah', slug: 'tambah' },
    'functions/tambah.js': 'return 2;\n',
    'menus.json': [{ id: 1, menuName: 'Gudang', order: 0 }, { id: 2, menuName: 'Masuk', order: 2 }],
    'workflows/catat.json': { name: 'Catat' },
    'workflows/catat/77.js': 'const a = 2;\n',
    'print-templates/nota.docx': 'PK-new!',
    'queries/stok.json': { name: 'Stok', slug: 'stok' },
    'queries/stok.sql': 'SELECT 1\n',
  });

  it('names each thing, its fields and a page\'s components property by property; code files are fields of their thing', () => {
    const changes = changesBetween(before, after);
    expect(changes.map((c) => [c.path, c.thing, c.name, c.status])).toEqual([
      ['functions/tambah.json', 'function', 'Tambah', 'changed'],
      ['menus.json', 'menus', 'menus', 'changed'],
      ['pages/lama.json', 'page', 'Lama', 'removed'],
      ['pages/masuk.json', 'page', 'Barang Masuk', 'changed'],
      ['print-templates/nota.docx', 'printTemplate', 'nota', 'changed'],
      ['queries/stok.json', 'query', 'Stok', 'added'],
      ['workflows/catat.json', 'workflow', 'Catat', 'changed'],
    ]);
    const byPath = new Map(changes.map((c) => [c.path, c]));
    expect(byPath.get('functions/tambah.json')?.fields).toEqual([{ property: 'code', before: 'return 1;\n', after: 'return 2;\n' }]);
    expect(byPath.get('menus.json')?.fields).toEqual([{ property: 'Masuk', before: '{"id":2,"menuName":"Masuk","order":1}', after: '{"id":2,"menuName":"Masuk","order":2}' }]);
    expect(byPath.get('workflows/catat.json')?.fields).toEqual([{ property: 'script of step 77', before: 'const a = 1;\n', after: 'const a = 2;\n' }]);
    expect(byPath.get('print-templates/nota.docx')?.fields).toEqual([{ property: 'file', before: '(6 bytes)', after: '(7 bytes)' }]);
    expect(byPath.get('queries/stok.json')?.fields).toEqual([{ property: 'sql', before: null, after: 'SELECT 1\n' }]);
    const page = byPath.get('pages/masuk.json');
    expect(page?.fields).toEqual([{ property: 'pageName', before: 'Masuk', after: 'Barang Masuk' }]);
    expect(page?.components).toEqual([
      { id: 'c', type: 'text', title: 'Baru', status: 'added', properties: [] },
      { id: 'a', type: 'input', title: 'Nama Barang', status: 'changed', properties: [{ property: 'required', before: null, after: 'true' }, { property: 'title', before: 'Barang', after: 'Nama Barang' }] },
      { id: 'b', type: 'button', title: 'Simpan', status: 'removed', properties: [] },
    ]);
  });

  it('gives a page whose components change both sides to draw, and nothing else a drawing', () => {
    const changes = changesBetween(before, after);
    const page = changes.find((c) => c.path === 'pages/masuk.json');
    expect(JSON.parse(page?.drawing?.before ?? 'null')).toEqual([{ id: 'a', type: 'input', title: 'Barang' }, { id: 'b', type: 'button', title: 'Simpan' }]);
    expect(JSON.parse(page?.drawing?.after ?? 'null')).toEqual([{ id: 'c', type: 'text', title: 'Baru' }, { id: 'a', type: 'input', title: 'Nama Barang', required: true }]);
    // A page added has nothing before; one whose components stay (only its name changes) needs no drawing.
    const added = changesBetween(files({}), files({ 'pages/baru.json': { pageName: 'Baru', pageComponents: [{ id: 'x', type: 'text', title: 'Halo' }] } }));
    expect(added[0]?.drawing).toEqual({ before: null, after: '[{"id":"x","title":"Halo","type":"text"}]' });
    const renamed = changesBetween(files({ 'pages/p.json': { pageName: 'A', pageComponents: [{ id: 'x' }] } }), files({ 'pages/p.json': { pageName: 'B', pageComponents: [{ id: 'x' }] } }));
    expect(renamed[0]?.drawing).toBeUndefined();
    expect(changes.filter((c) => c.drawing !== undefined).map((c) => c.path)).toEqual(['pages/masuk.json']);
  });

  it('finds nothing between a state and itself', () => {
    expect(changesBetween(before, before)).toEqual([]);
  });
});
