import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Component, createComponent } from '@rakit/core';

/** The items table of the permission matrix's page: an id, a name and a kanban status 1–3. */
export const itemsTableSql = (quoted: string) => `CREATE TABLE ${quoted} (id INTEGER PRIMARY KEY, name VARCHAR(200) NOT NULL, status INTEGER NOT NULL);
  INSERT INTO ${quoted} (id, name, status) VALUES (1, 'One', 1), (2, 'Two', 2), (3, 'Three', 3);`;

/** The SQL the page's button holds: the exact text a member may send runQuery. */
export const listItemsSql = (table: string) => `SELECT id, name, status FROM ${table} ORDER BY id`;

/**
 * The matrix page's widgets: a table that edits and deletes rows, a kanban and a barcode scanner on the same rows, and
 * a button that runs a stored query and the trigger (so that members may make those calls).
 */
export function matrixComponents(dbId: number, table: string, triggerId: number): Component[] {
  const items = {
    ...createComponent('table', 'items', 'Items'),
    options: 'Name,Status', mapping_table: 'name,status', table_used: table, database_used: dbId, primaryKey: 'id', toExcel: true,
    custom_action: [
      { name: 'EDIT', action: 'EDIT', cause: '', show: true, raw: { editFields: [{ name: 'name', type: 'text', options: '' }] } },
      { name: 'DELETE', action: 'DELETE', cause: '', show: true, stored: { database: dbId, query: `DELETE FROM ${table} WHERE id = ?`, params: [{ source: 'id', custom: '' }] } },
    ],
  };
  const board = {
    ...createComponent('kanban', 'board', 'Board'),
    options: 'Name', mapping_table: 'name', table_used: table, database_used: dbId, primaryKey: 'id',
    fieldMap: { compared: 'status', title: 'name', description: 'name' },
  };
  const scanner = {
    ...createComponent('barcode', 'scanner', 'Scanner'),
    options: 'Name,Status', mapping_table: 'name,status', table_used: table, database_used: dbId, primaryKey: 'id',
  };
  const button = createComponent('button', 'button', 'Run');
  button.custom_action = [
    { name: 'list', action: 'QUERY', cause: '', show: true, stored: { database: dbId, query: listItemsSql(table), params: [] } },
    { name: 'send', action: 'TRIGGER', cause: '', show: true, raw: { id: triggerId, alias: 'send', params: [{ name: 'by', source: '--userId--', custom: '' }] } },
  ];
  return [items, board, scanner, button];
}

/** A local HTTP server answering every request with a small JSON: what testRequest calls. */
export async function startJsonServer(): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((_req, res) => { res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'); });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/ping`,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
