import { existsSync } from 'node:fs';
import { ADMIN_GROUP_SLUG, ALERT_CONFIG_ACTION, type Component, createComponent, CUSTOM_TABLE, type CustomAction, deleteByKeyQuery, placeholderNames } from '@rakit/core';
import { hashPassword } from '../security/passwords';
import { openDataSource } from '../datasources/registry';
import { sqliteFile } from '../datasources/sqlite';
import type { Store } from './db';
import { insertReturningId } from './insert';
import { findAppBySlug, insertApp } from './repositories/apps';
import { listDbConfigs } from './repositories/db-configs';
import { addMember, grantMenuAccess, insertGroup } from './repositories/groups';
import { insertMenu } from './repositories/menus';
import { storedNameText } from './repositories/name-translations';
import { findUser, insertUser } from './repositories/users';

export const DEMO_APP_SLUG = 'demo';
export const DEMO_ADMIN_USER_ID = 'demo-admin';
export const DEMO_MEMBER_USER_ID = 'demo-user';
const DEMO_DATABASE_FILE = 'demo-shop.db';

const SAMPLE_SQL = `
CREATE TABLE IF NOT EXISTS products (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  category TEXT NOT NULL,
  price INTEGER NOT NULL,
  stock INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS customers (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  phone TEXT NOT NULL,
  city TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS orders (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  customer_id INTEGER NOT NULL REFERENCES customers(id),
  product_id INTEGER NOT NULL REFERENCES products(id),
  quantity INTEGER NOT NULL,
  title TEXT NOT NULL DEFAULT '',
  status TEXT NOT NULL DEFAULT 'new',
  ordered_at TEXT NOT NULL
);`;

const PRODUCTS: [string, string, number, number][] = [
  ['Beras Pandan Wangi 5 kg', 'Sembako', 78000, 40], ['Minyak Goreng 2 L', 'Sembako', 36500, 55],
  ['Gula Pasir 1 kg', 'Sembako', 17500, 80], ['Kopi Bubuk 200 g', 'Minuman', 24000, 32],
  ['Teh Celup isi 25', 'Minuman', 9500, 60], ['Susu UHT 1 L', 'Minuman', 19800, 45],
  ['Sabun Mandi', 'Kebersihan', 4500, 120], ['Deterjen 800 g', 'Kebersihan', 21000, 38],
  ['Mie Instan Goreng', 'Makanan', 3500, 300], ['Kecap Manis 520 ml', 'Makanan', 22500, 27],
];
const CUSTOMERS: [string, string, string][] = [
  ['Siti Rahma', '081234500001', 'Bandung'], ['Budi Santoso', '081234500002', 'Surabaya'],
  ['Dewi Lestari', '081234500003', 'Yogyakarta'], ['Agus Salim', '081234500004', 'Medan'],
];

/** The demo's own SQLite database with a small shop in it, created once. */
async function createSampleDatabase(dataDir: string, appId: number): Promise<void> {
  if (existsSync(sqliteFile(dataDir, appId, DEMO_DATABASE_FILE))) return;
  const settings = { dbAppId: appId, dbType: 'sqlite', dbHost: '', dbPort: 0, dbUser: '', dbPassword: '', dbDatabase: DEMO_DATABASE_FILE } as const;
  const source = openDataSource(settings, dataDir, { create: true });
  try {
    for (const statement of SAMPLE_SQL.split(';').map((s) => s.trim()).filter(Boolean)) await source.query(statement, []);
    for (const product of PRODUCTS) await source.query('INSERT INTO products (name, category, price, stock) VALUES (?, ?, ?, ?)', product);
    for (const customer of CUSTOMERS) await source.query('INSERT INTO customers (name, phone, city) VALUES (?, ?, ?)', customer);
    for (let i = 0; i < 12; i++) {
      const [customer, product, quantity] = [CUSTOMERS[i % CUSTOMERS.length] as (typeof CUSTOMERS)[number], PRODUCTS[i % PRODUCTS.length] as (typeof PRODUCTS)[number], (i % 4) + 1];
      await source.query('INSERT INTO orders (customer_id, product_id, quantity, title, status, ordered_at) VALUES (?, ?, ?, ?, ?, ?)', [
        (i % CUSTOMERS.length) + 1, (i % PRODUCTS.length) + 1, quantity, `${quantity} × ${product[0]} — ${customer[0]}`,
        ['new', 'packed', 'sent'][i % 3], `2026-11-${String(i + 1).padStart(2, '0')}`,
      ]);
    }
  } finally {
    await source.close();
  }
}

/** The Customers page: a card with a form whose button inserts a customer (query builder). */
function newCustomerForm(dbId: number): Component[] {
  const name = createComponent('input', 'customer-name', 'Nama Pelanggan');
  const phone = { ...createComponent('input', 'customer-phone', 'Nomor WA'), subtype: 'tel', placeholder: '62812…' };
  const city = { ...createComponent('input', 'customer-city', 'Kota'), required: false };
  const save = createComponent('button', 'customer-save', 'Simpan Pelanggan');
  save.custom_action = [{
    name: 'Simpan', action: 'CUSTOM', cause: '', show: true,
    raw: {
      database: dbId, type: 'INSERT', table: 'customers', conditions: [],
      setValues: [
        { column: 'name', source: name.id, custom: '' },
        { column: 'phone', source: phone.id, custom: '' },
        { column: 'city', source: city.id, custom: '' },
      ],
    },
  }];
  const card = { ...createComponent('card', 'customer-card', 'Pelanggan Baru'), description: 'Tambahkan pelanggan toko.' };
  card.children = [name, phone, city, save];
  const intro = { ...createComponent('text', 'customer-intro', 'Halo --userId--, isi data pelanggan baru di bawah.'), subtype: 'paragraph' };
  return [intro, card];
}

/** The Products page: the shop's goods, searchable, filtered by category and price, edited and exported. */
function productsTable(dbId: number): Component[] {
  return [{
    ...createComponent('table', 'products-table', 'Daftar Produk'),
    database_used: dbId, table_used: 'products', primaryKey: 'id',
    options: 'Nama,Kategori,Harga,Stok', mapping_table: 'name,category,price,stock',
    search: true, toExcel: true, bulkAction: false,
    filters: [{ field: 'category', type: 'select', column: 'Kategori' }, { field: 'price', type: 'interval', column: 'Harga' }],
    custom_action: [
      { name: 'Edit', action: 'EDIT', cause: '', show: true, raw: { editFields: [{ name: 'price', type: 'number', options: '' }, { name: 'stock', type: 'number', options: '' }] } },
      { name: 'Delete', action: 'DELETE', cause: '', show: true, stored: { ...deleteByKeyQuery(dbId, 'products', 'id', 'sqlite'), table: 'products' } },
    ],
  }];
}

/** The Customers page's list below the form. */
const customersTable = (dbId: number): Component => ({
  ...createComponent('table', 'customers-table', 'Pelanggan'),
  database_used: dbId, table_used: 'customers', primaryKey: 'id',
  options: 'Nama,Nomor WA,Kota', mapping_table: 'name,phone,city', search: true,
  // Refresh On: a customer saved with the form above shows up within 5 s.
  timeToRefresh: 5,
});

/** The Orders page: a board whose lanes are the order's status; dragging a card changes it. */
function ordersBoard(dbId: number): Component[] {
  return [{
    ...createComponent('kanban', 'orders-board', 'Pesanan'),
    database_used: dbId, table_used: 'orders', primaryKey: 'id',
    options: 'Pesanan,Tanggal,Status', mapping_table: 'title,ordered_at,status',
    groups: [{ name: 'Baru', value: 'new' }, { name: 'Dikemas', value: 'packed' }, { name: 'Dikirim', value: 'sent' }],
    fieldMap: { compared: 'status', title: 'title', description: 'ordered_at' },
  }];
}

/** Under this stock a product runs low: the Reports page's warning, its count and its table all say so. */
const LOW_STOCK_UNDER = 40;

/** A query variable of a text (the alert's, the Text block's): its first value fills `{{name}}`. */
const queryVariable = (dbId: number, name: string, query: string): CustomAction => ({
  name, action: 'QUERY', cause: '', show: false, stored: { database: dbId, query, params: [] },
});

/** A Text block whose `{{name}}` placeholders are filled by its query variables. */
function textWith(id: string, text: string, subtype: string, variables: readonly CustomAction[]): Component {
  return { ...createComponent('text', id, text), subtype, variables: placeholderNames(text), custom_action: [...variables] };
}

/**
 * A stat card of the Reports dashboard: a card a third of the row wide, titled with what it
 * counts, whose heading is the one figure its query answers.
 */
function statCard(dbId: number, id: string, title: string, description: string, stat: { variable: string; query: string }): Component {
  return {
    ...createComponent('card', id, title), description, width: 4,
    children: [textWith(`${id}-value`, `{{${stat.variable}}}`, 'h2', [queryVariable(dbId, stat.variable, stat.query)])],
  };
}

/**
 * The Reports page (in the staff's menu), a dashboard on the layout grid: a warning while any
 * stock runs low, a row of three stat cards, and the stock chart beside the low-stock table.
 */
function reports(dbId: number): Component[] {
  const lowStockCount = `SELECT COUNT(*) AS menipis FROM products WHERE stock < ${LOW_STOCK_UNDER}`;
  return [
    {
      ...createComponent('alert', 'low-stock', `Ada {{menipis}} produk dengan stok di bawah ${LOW_STOCK_UNDER}.`), color: 'error', database_used: dbId, config: lowStockCount,
      // The count decides whether the warning shows, and is the number it says.
      custom_action: [queryVariable(dbId, ALERT_CONFIG_ACTION, lowStockCount), queryVariable(dbId, 'menipis', lowStockCount)],
    },
    statCard(dbId, 'stat-products', 'Produk', 'Jenis barang yang dijual', { variable: 'jumlah', query: 'SELECT COUNT(*) AS jumlah FROM products' }),
    statCard(dbId, 'stat-stock', 'Stok', 'Semua barang di gudang', { variable: 'total', query: 'SELECT SUM(stock) AS total FROM products' }),
    statCard(dbId, 'stat-new-orders', 'Pesanan Baru', 'Belum dikemas', { variable: 'baru', query: "SELECT COUNT(*) AS baru FROM orders WHERE status = 'new'" }),
    {
      // The axis names every bar: no legend repeating the names.
      ...createComponent('chart', 'stock-chart', 'Stok per Produk'), database_used: dbId, table_used: 'products', width: 7,
      options: 'Produk,Stok', mapping_table: 'name,stock', sourceType: 'row', subtype: 'bar', showTable: false, showLegend: false,
    },
    {
      ...createComponent('table', 'low-stock-table', `Stok Menipis (di bawah ${LOW_STOCK_UNDER})`), database_used: dbId, table_used: CUSTOM_TABLE, width: 5, search: false,
      options: 'Produk,Stok', mapping_table: 'name,stock',
      customSource: { query: `SELECT name, stock FROM products WHERE stock < ${LOW_STOCK_UNDER} ORDER BY stock`, columns: ['name', 'stock'], table: 'products' },
    },
  ];
}

/**
 * The demo application on first start: a small shop with its SQLite database, pages,
 * menus, an administrators' group (demo-admin) and a staff group (demo-user) that sees the menus.
 * Skipped when an application with the demo slug exists.
 */
export async function seedDemo(db: Store, options: { dataDir: string; password: string }): Promise<boolean> {
  if ((await findAppBySlug(db, DEMO_APP_SLUG)) !== undefined) return false;
  const passwordHash = await hashPassword(options.password);
  let demoAppId: number;
  try {
    demoAppId = await insertDemo(db, passwordHash);
  } catch (error) {
    // Another process seeded it between the look and the insert (one started without the
    // start-up lock, lifecycle/startup.ts): a unique key refused the second copy.
    if ((await findAppBySlug(db, DEMO_APP_SLUG)) !== undefined) return false;
    throw error;
  }
  await createSampleDatabase(options.dataDir, demoAppId);
  return true;
}

/**
 * The demo shop's SQLite file in this process's data folder, when the demo application exists
 * (seeded by another replica, with its own data folder) but the file does not. Each replica then
 * has its own copy of the demo's shop: an application's SQLite file is a file of one machine.
 */
export async function ensureDemoSampleDatabase(db: Store, dataDir: string): Promise<boolean> {
  const demo = await findAppBySlug(db, DEMO_APP_SLUG);
  if (demo === undefined) return false;
  const sample = (await listDbConfigs(db, demo.appId)).find((c) => c.dbType === 'sqlite' && c.dbDatabase === DEMO_DATABASE_FILE);
  if (sample === undefined || existsSync(sqliteFile(dataDir, demo.appId, DEMO_DATABASE_FILE))) return false;
  await createSampleDatabase(dataDir, demo.appId);
  return true;
}

function insertDemo(db: Store, passwordHash: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const appId = await insertApp(trx, { appName: 'Demo Toko', appDescription: 'A small shop: products, customers and orders', appSlug: DEMO_APP_SLUG, appOpenRegistration: false });
    const adminGroup = await insertGroup(trx, { groupName: 'Admin', groupAppId: String(appId), groupSlug: ADMIN_GROUP_SLUG });
    const staffGroup = await insertGroup(trx, { groupName: 'Staff', groupAppId: String(appId), groupSlug: 'staff', isDefault: true });
    for (const [userId, groupId] of [[DEMO_ADMIN_USER_ID, adminGroup], [DEMO_MEMBER_USER_ID, staffGroup]] as const) {
      if ((await findUser(trx, userId)) === undefined) await insertUser(trx, userId, passwordHash, appId);
      await addMember(trx, groupId, userId);
    }
    const dbId = await insertReturningId(trx, 'dbConfigs', {
      dbAppId: appId, dbType: 'sqlite', dbHost: '', dbPort: 0, dbUser: '', dbPasswordEnc: '', dbDatabase: DEMO_DATABASE_FILE,
    }, 'dbId');
    const pageIds: Record<string, number> = {};
    // Each page's title (and its menu's name) in Indonesian too: a member reading Indonesian sees them (issue 35).
    const pages = [['Products', 'products', 'Produk'], ['Customers', 'customers', 'Pelanggan'], ['Orders', 'orders', 'Pesanan'], ['Reports', 'reports', 'Laporan']] as const;
    for (const [pageName, pageSlug, indonesian] of pages) {
      const components = {
        products: productsTable(dbId), customers: [...newCustomerForm(dbId), customersTable(dbId)], orders: ordersBoard(dbId), reports: reports(dbId),
      }[pageSlug];
      pageIds[pageSlug] = await insertReturningId(trx, 'pages', {
        pageAppId: appId, pageName, pageSlug, pageComponents: JSON.stringify(components), updatedAt: new Date().toISOString(),
        nameTranslations: storedNameText({ id: indonesian }),
      }, 'pageId');
    }
    const shop = await insertMenu(trx, { menuAppId: appId, menuName: 'Toko', menuPageId: 0, menuParentMenuId: 0, nameTranslations: storedNameText({ en: 'Shop' }) });
    // One after another: each takes the next place in the menu.
    const entries: number[] = [];
    for (const [pageName, pageSlug, indonesian] of pages) {
      entries.push(await insertMenu(trx, {
        menuAppId: appId, menuName: pageName, menuPageId: pageIds[pageSlug] ?? 0, menuParentMenuId: shop, nameTranslations: storedNameText({ id: indonesian }),
      }));
    }
    await grantMenuAccess(trx, staffGroup, [shop, ...entries]);
    return appId;
  });
}
